/**
 * Catalogue quizzes (spec 000 §2 "template" and the quiz stage; `quizzes.enabled`, spec 000 §3): general
 * knowledge, security awareness, world capitals and maths. Each scored question's right answer is worth a point
 * (`q.quiz`, as `rules/flow-template.ts` `quizStarterTemplate` does); the ending shows the score and the right
 * answers (`rules/quiz.ts`). Built with `templates/build.ts`; listed in `templates/catalogue.ts`.
 */
import type { QuizSettings } from '../../entities/flow-template';
import type { CatalogueTemplate } from '../catalogue';
import { flow, page, q } from '../build';

/** The quiz settings of every catalogue quiz: scoring on, the score and the right answers shown at the end. */
const SCORED: { quizzes: QuizSettings } = { quizzes: { enabled: true, showScore: true, showAnswers: true } };

/** The quiz templates of the catalogue. */
export const QUIZ_TEMPLATES: readonly CatalogueTemplate[] = [
  {
    slug: 'general-knowledge-quiz',
    name: 'General knowledge quiz',
    description: 'A fun seven-question trivia quiz on science, art and geography that scores itself.',
    categories: ['quiz'],
    isFeatured: true,
    featuredThemeId: 'dreamy',
    type: 'quiz',
    template: flow(
      [
        page('Before you start', [
          q.short('playerName', 'What is your name?', { required: true, placeholder: 'So we can put you on the leaderboard', name: 'Name' }),
          q.email('playerEmail', 'Email (to receive your results)', { name: 'Email' }),
        ]),
        page('Round 1: Science', [
          q.quiz('redPlanet', 'Which planet is known as the Red Planet?', ['Venus', 'Mars', 'Jupiter', 'Mercury'], 'Mars'),
          q.quiz('photosynthesis', 'Which gas do plants take in from the air to make their food?', ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Hydrogen'], 'Carbon dioxide'),
          q.quiz('mammals', 'Which of these animals are mammals? Select all that apply.', ['Dolphin', 'Bat', 'Penguin', 'Shark', 'Blue whale'], ['Dolphin', 'Bat', 'Blue whale']),
        ]),
        page('Round 2: Art and the world', [
          q.quiz('monaLisa', 'Who painted the Mona Lisa?', ['Michelangelo', 'Leonardo da Vinci', 'Raphael', 'Rembrandt'], 'Leonardo da Vinci'),
          q.quiz('largestOcean', 'What is the largest ocean on Earth?', ['Atlantic Ocean', 'Indian Ocean', 'Pacific Ocean', 'Arctic Ocean'], 'Pacific Ocean'),
          q.quiz('continents', 'How many continents are there?', ['5', '6', '7', '8'], '7'),
          q.quiz('moonLanding', 'In which year did people first walk on the Moon?', ['1959', '1965', '1969', '1972'], '1969'),
        ]),
      ],
      { title: 'Quiz complete!', body: 'Well played, {{answers.playerName}}: you scored {{quiz.score}} out of {{quiz.maxScore}}.' },
      SCORED,
    ),
  },
  {
    slug: 'security-awareness-quiz',
    name: 'Security awareness quiz',
    description: 'Check that your team can spot phishing and follows basic security habits.',
    categories: ['quiz', 'hr'],
    isFeatured: false,
    featuredThemeId: 'futuristic',
    type: 'quiz',
    template: flow(
      [
        page('Your details', [
          q.short('employee', 'Your name', { required: true, name: 'Employee' }),
          q.dropdown('team', 'Your team', ['Engineering', 'Sales', 'Marketing', 'Finance', 'Operations', 'Other'], { required: true, name: 'Team' }),
        ]),
        page('Phishing', [
          q.quiz('passwordEmail', 'An email from "IT support" asks you to confirm your password through a link. What should you do?', ['Click the link and confirm it', 'Reply with your password', 'Report it as phishing and delete it', 'Forward it to your team to check'], 'Report it as phishing and delete it'),
          q.quiz('phishingSigns', 'Which of these are warning signs of a phishing email? Select all that apply.', ['Urgent threats such as "your account closes today"', 'A sender address that does not match the company', 'An attachment you were not expecting', 'A company logo in the email', 'Your name in the greeting'], ['Urgent threats such as "your account closes today"', 'A sender address that does not match the company', 'An attachment you were not expecting']),
        ]),
        page('Everyday habits', [
          q.quiz('strongPassword', 'Which of these is the strongest password?', ['Password123!', 'Summer2024', 'violet-kettle-harbour-71', 'qwerty'], 'violet-kettle-harbour-71'),
          q.quiz('mfa', 'What does multi-factor authentication add?', ['A second proof that it is you, besides your password', 'A longer password', 'A faster login', 'Encryption of your emails'], 'A second proof that it is you, besides your password'),
          q.quiz('usbStick', 'You find a USB stick in the office car park. What do you do?', ['Plug it in to find its owner', 'Hand it to the IT or security team', 'Keep it as a spare', 'Plug it into a colleague’s computer'], 'Hand it to the IT or security team'),
          q.quiz('publicWifi', 'You need to work from a café’s public Wi-Fi. What is the safest choice?', ['Connect to the company VPN first', 'Only open email', 'Turn off your firewall for speed', 'Use any network with a strong signal'], 'Connect to the company VPN first'),
        ]),
      ],
      { title: 'Training complete', body: 'You scored {{quiz.score}} out of {{quiz.maxScore}}. Review the answers below to brush up on any you missed.' },
      SCORED,
    ),
  },
  {
    slug: 'world-capitals-quiz',
    name: 'World capitals quiz',
    description: 'A geography quiz on capital cities that often catch people out.',
    categories: ['quiz', 'education'],
    isFeatured: false,
    featuredThemeId: 'navyPop',
    type: 'quiz',
    template: flow(
      [
        page('Player', [q.short('nickname', 'Choose a nickname', { required: true, placeholder: 'e.g. GlobeTrotter', name: 'Nickname' })]),
        page('The Americas and Oceania', [
          q.quiz('australia', 'What is the capital of Australia?', ['Sydney', 'Melbourne', 'Canberra', 'Perth'], 'Canberra'),
          q.quiz('canada', 'What is the capital of Canada?', ['Toronto', 'Ottawa', 'Vancouver', 'Montreal'], 'Ottawa'),
          q.quiz('brazil', 'What is the capital of Brazil?', ['Rio de Janeiro', 'São Paulo', 'Brasília', 'Salvador'], 'Brasília'),
          q.quiz('newZealand', 'What is the capital of New Zealand?', ['Auckland', 'Wellington', 'Christchurch', 'Queenstown'], 'Wellington'),
        ]),
        page('Europe, Africa and Asia', [
          q.quiz('turkey', 'What is the capital of Turkey?', ['Istanbul', 'Ankara', 'Izmir', 'Antalya'], 'Ankara'),
          q.quiz('switzerland', 'What is the capital of Switzerland?', ['Zurich', 'Geneva', 'Bern', 'Basel'], 'Bern'),
          q.quiz('morocco', 'What is the capital of Morocco?', ['Casablanca', 'Marrakesh', 'Rabat', 'Fez'], 'Rabat'),
          q.quiz('southAfrica', 'South Africa has three capital cities. Which are they?', ['Pretoria', 'Cape Town', 'Bloemfontein', 'Johannesburg', 'Durban'], ['Pretoria', 'Cape Town', 'Bloemfontein']),
        ]),
      ],
      { title: 'Around the world in 8 questions', body: '{{answers.nickname}}, you scored {{quiz.score}} out of {{quiz.maxScore}}.' },
      SCORED,
    ),
  },
  {
    slug: 'math-quiz',
    name: 'Maths practice quiz',
    description: 'A self-marking maths check-up on arithmetic, percentages, equations and geometry for students.',
    categories: ['quiz', 'education'],
    isFeatured: false,
    featuredThemeId: 'simplePurple',
    type: 'quiz',
    template: flow(
      [
        page('Student', [
          q.short('student', 'Student name', { required: true, name: 'Student' }),
          q.dropdown('classGroup', 'Class', ['7A', '7B', '8A', '8B'], { required: true, name: 'Class' }),
        ]),
        page('Number', [
          q.quiz('times', 'What is 7 × 8?', ['54', '56', '58', '64'], '56'),
          q.quiz('percent', 'What is 15% of 200?', ['20', '25', '30', '35'], '30'),
          q.quiz('fractions', 'What is 1/2 + 1/4?', ['2/6', '1/6', '3/4', '2/4'], '3/4'),
          q.quiz('primes', 'Which of these are prime numbers? Select all that apply.', ['2', '9', '11', '15', '23'], ['2', '11', '23']),
        ]),
        page('Algebra and geometry', [
          q.quiz('equation', 'Solve 3x + 5 = 20. What is x?', ['3', '5', '7', '15'], '5'),
          q.quiz('area', 'What is the area of a rectangle 6 cm long and 4 cm wide?', ['10 cm²', '20 cm²', '24 cm²', '48 cm²'], '24 cm²'),
          q.quiz('triangle', 'Two angles of a triangle are 50° and 60°. What is the third?', ['60°', '70°', '80°', '90°'], '70°'),
        ]),
      ],
      { title: 'Finished!', body: 'You scored {{quiz.score}} out of {{quiz.maxScore}}. Check the worked answers below.' },
      SCORED,
    ),
  },
];
