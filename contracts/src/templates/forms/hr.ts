/**
 * Catalogue templates for HR and recruiting (spec 000 §2 "template"; the spec's popular slug `job-application`):
 * job and internship applications, onboarding, time off, an exit interview and an engagement survey. Built with
 * `templates/build.ts`; listed in `templates/catalogue.ts`.
 */
import type { CatalogueTemplate } from '../catalogue';
import { answerIs, flow, page, q } from '../build';

/** The HR and recruiting templates of the catalogue. */
export const HR_TEMPLATES: readonly CatalogueTemplate[] = [
  {
    slug: 'job-application',
    name: 'Job application',
    description: 'Collect candidate details, CV, experience and availability for an open role.',
    categories: ['hr'],
    isFeatured: true,
    featuredThemeId: 'formalGray',
    type: 'form',
    template: flow(
      [
        page('Personal details', [
          q.short('fullName', 'Full name', { required: true, placeholder: 'Jane Smith' }),
          q.email('email', 'Email', { required: true, placeholder: 'jane@example.com' }),
          q.phone('phone', 'Phone number', { required: true }),
          q.url('linkedin', 'LinkedIn profile or portfolio', { placeholder: 'https://linkedin.com/in/…', name: 'Profile' }),
          q.address('location', 'Where are you based?', { name: 'Location' }),
        ]),
        page('Experience', [
          q.dropdown('position', 'Which position are you applying for?', ['Software Engineer', 'Product Designer', 'Customer Success Manager', 'Marketing Specialist', 'Other'], { required: true, name: 'Position' }),
          q.number('yearsExperience', 'Years of relevant experience', { required: true, min: 0, max: 60, name: 'Years of experience' }),
          q.file('cv', 'Upload your CV', { required: true, allowedTypes: ['pdf', 'doc', 'docx'], maxSizeMb: 10, maxFiles: 1, name: 'CV' }),
          q.file('coverLetter', 'Cover letter (optional)', { allowedTypes: ['pdf', 'doc', 'docx'], maxSizeMb: 10, maxFiles: 1, name: 'Cover letter' }),
          q.long('whyUs', 'Why do you want to work with us?', { required: true, placeholder: 'A few sentences is plenty', name: 'Motivation' }),
        ]),
        page('Availability', [
          q.date('startDate', 'When could you start?', { required: true, name: 'Start date' }),
          q.choice('workArrangement', 'Preferred way of working', ['On-site', 'Hybrid', 'Remote'], { name: 'Work arrangement' }),
          q.currency('salary', 'Expected yearly salary', { currency: 'USD', min: 0, name: 'Expected salary' }),
          q.choice('rightToWork', 'Do you have the right to work in the country of this role?', ['Yes', 'No, I would need sponsorship'], { required: true, name: 'Right to work' }),
          q.checkbox('privacy', 'I agree that my application is kept for 12 months for recruiting purposes', { required: true, name: 'Privacy consent' }),
        ]),
      ],
      { title: 'Application received', body: 'Thank you, {{answers.fullName}}. We review every application and will reply within two weeks.' },
    ),
  },
  {
    slug: 'internship-application',
    name: 'Internship application',
    description: 'An application for students: studies, graduation date, interests and a short writing sample.',
    categories: ['hr', 'education'],
    isFeatured: false,
    featuredThemeId: 'wallFlower',
    type: 'form',
    template: flow(
      [
        page('About you', [
          q.short('studentName', 'Full name', { required: true, name: 'Name' }),
          q.email('studentEmail', 'University email', { required: true, name: 'Email' }),
          q.short('university', 'University or school', { required: true }),
          q.short('major', 'Field of study', { required: true, placeholder: 'e.g. Computer Science', name: 'Field of study' }),
          q.date('graduation', 'Expected graduation date', { required: true, name: 'Graduation date' }),
        ]),
        page('The internship', [
          q.multiSelect('teams', 'Which teams interest you?', ['Engineering', 'Design', 'Marketing', 'Finance', 'People & culture'], { required: true, minSelections: 1, maxSelections: 2, name: 'Teams' }),
          q.choice('term', 'Which term are you applying for?', ['Summer', 'Autumn', 'Spring'], { required: true, name: 'Term' }),
          q.file('resume', 'Resume', { required: true, allowedTypes: ['pdf'], maxSizeMb: 5, name: 'Resume' }),
          q.long('project', 'Tell us about a project you are proud of', { required: true, placeholder: 'What you did, what you learned', name: 'Project' }),
        ]),
      ],
      { title: 'Thanks for applying', body: 'We will be in touch about next steps once applications for this term close.' },
    ),
  },
  {
    slug: 'employee-onboarding',
    name: 'New employee onboarding',
    description: 'Gather everything HR and IT need before a new hire’s first day.',
    categories: ['hr'],
    isFeatured: false,
    featuredThemeId: 'calm',
    type: 'form',
    template: flow(
      [
        page('Personal information', [
          q.short('legalName', 'Legal full name', { required: true }),
          q.short('preferredName', 'Preferred name', { placeholder: 'What should colleagues call you?' }),
          q.date('birthDate', 'Date of birth', { required: true }),
          q.address('homeAddress', 'Home address', { required: true, requirePostalCode: true }),
          q.email('personalEmail', 'Personal email', { required: true }),
        ]),
        page('Emergency contact', [
          q.short('emergencyName', 'Emergency contact name', { required: true }),
          q.short('emergencyRelation', 'Relationship to you', { placeholder: 'e.g. partner, parent' }),
          q.phone('emergencyPhone', 'Emergency contact phone', { required: true }),
        ]),
        page('Equipment and paperwork', [
          q.choice('laptop', 'Which laptop would you prefer?', ['MacBook Pro 14"', 'MacBook Air 13"', 'Windows laptop', 'Linux laptop'], { required: true, name: 'Laptop' }),
          q.dropdown('shirtSize', 'Welcome pack T-shirt size', ['S', 'M', 'L', 'XL', 'XXL'], { name: 'T-shirt size' }),
          q.file('idDocument', 'Upload a photo of your ID or passport', { required: true, allowedTypes: 'images', maxSizeMb: 10, name: 'ID document' }),
          q.signature('handbookSignature', 'Sign to confirm you have read the employee handbook', { required: true, name: 'Handbook signature' }),
        ]),
      ],
      { title: 'Welcome aboard!', body: 'HR has everything it needs. Your equipment will be ready on your first day.' },
    ),
  },
  {
    slug: 'time-off-request',
    name: 'Time off request',
    description: 'A simple leave request with dates, type of leave and handover notes for the manager.',
    categories: ['hr'],
    isFeatured: false,
    featuredThemeId: 'plain',
    type: 'form',
    template: flow(
      [
        page('Request', [
          q.short('employeeName', 'Your name', { required: true, name: 'Employee' }),
          q.email('managerEmail', "Your manager's email", { required: true, name: 'Manager email' }),
          q.choice('leaveType', 'Type of leave', ['Vacation', 'Sick leave', 'Parental leave', 'Bereavement', 'Unpaid leave'], { required: true, name: 'Leave type' }),
        ]),
        page('Dates and handover', [
          q.date('firstDay', 'First day off', { required: true }),
          q.date('lastDay', 'Last day off', { required: true }),
          q.choice('halfDay', 'Is any of these a half day?', ['No', 'First day is a half day', 'Last day is a half day'], { name: 'Half day' }),
          q.long('handover', 'Who covers your work, and anything they need to know?', { placeholder: 'Open tasks, contacts, deadlines', name: 'Handover' }),
        ]),
      ],
      { title: 'Request sent', body: 'Your manager has been notified and will approve or decline your request.' },
    ),
  },
  {
    slug: 'exit-interview',
    name: 'Exit interview',
    description: 'Learn why people leave and what would have made them stay, in a confidential survey.',
    categories: ['hr', 'feedback'],
    isFeatured: false,
    featuredThemeId: 'quietSand',
    type: 'form',
    template: flow(
      [
        page('Your departure', [
          q.short('department', 'Which department did you work in?', { required: true, name: 'Department' }),
          q.dropdown('tenure', 'How long did you work here?', ['Less than 1 year', '1–2 years', '3–5 years', 'More than 5 years'], { name: 'Tenure' }),
          q.checkboxes('leavingReasons', 'What are your main reasons for leaving?', ['Career growth', 'Compensation', 'Management', 'Workload', 'Relocation', 'Company culture', 'Personal reasons'], { required: true, name: 'Reasons' }),
        ]),
        page('Looking back', [
          q.matrix('experience', 'How would you rate…', ['Your manager', 'Your team', 'Pay and benefits', 'Learning opportunities', 'Work–life balance'], ['Poor', 'Fair', 'Good', 'Excellent'], { name: 'Experience ratings' }),
          q.long('stay', 'What could we have done to keep you?', { name: 'What would have kept you' }),
          q.choice('returnLater', 'Would you consider working here again?', ['Yes', 'Maybe', 'No'], { name: 'Would return' }),
        ]),
      ],
      { title: 'Thank you, and good luck', body: 'Your answers are confidential and are only shared in summaries with leadership.' },
    ),
  },
  {
    slug: 'employee-satisfaction-survey',
    name: 'Employee engagement survey',
    description: 'A regular pulse on how engaged, supported and fairly treated your team feels.',
    categories: ['hr', 'survey'],
    isFeatured: false,
    featuredThemeId: 'ecofriendly',
    type: 'form',
    template: flow(
      [
        page('Engagement', [
          q.nps('eNps', 'How likely are you to recommend this company as a place to work?', { required: true, name: 'eNPS' }),
          q.matrix('statements', 'How far do you agree with these statements?', ['I know what is expected of me', 'My work is recognised', 'I have the tools I need', 'I see a future for myself here'], ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'], { required: true, name: 'Statements' }),
          q.slider('stress', 'How manageable has your workload been this month?', { min: 0, max: 10, step: 1, name: 'Workload' }),
        ]),
        page('Ideas', [
          q.ranking('priorities', 'What should leadership focus on first?', ['Pay and benefits', 'Career development', 'Flexible working', 'Internal communication', 'Tools and equipment'], { name: 'Priorities' }),
          q.long('oneChange', 'If you could change one thing about working here, what would it be?', { name: 'One change' }),
          q.choice('wantsChat', 'Would you like someone from HR to reach out?', ['Yes', 'No'], { name: 'Wants HR contact' }),
          q.email('hrContactEmail', 'Your work email', { visibleIf: answerIs('wantsChat', 'wantsChat-yes'), name: 'Email' }),
        ]),
      ],
      { title: 'Thanks for your honesty', body: 'Results are shared with everyone as team-level summaries, never individual answers.' },
    ),
  },
];
