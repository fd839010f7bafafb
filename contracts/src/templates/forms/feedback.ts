/**
 * Catalogue templates for feedback, NPS and surveys (spec 000 §2 "template"): Net Promoter Score, customer,
 * product, event and restaurant feedback, market research and a course evaluation. Built with
 * `templates/build.ts`; listed in `templates/catalogue.ts`.
 */
import type { CatalogueTemplate } from '../catalogue';
import { answerIs, flow, page, q } from '../build';

/** The feedback and survey templates of the catalogue. */
export const FEEDBACK_AND_SURVEY_TEMPLATES: readonly CatalogueTemplate[] = [
  {
    slug: 'nps-survey',
    name: 'Net Promoter Score® survey',
    description: 'Measure loyalty with the classic 0–10 question and learn what drives each score.',
    categories: ['feedback', 'survey'],
    isFeatured: true,
    featuredThemeId: 'simplePurple',
    type: 'form',
    template: flow(
      [
        page('Your score', [
          q.nps('npsScore', 'How likely are you to recommend us to a friend or colleague?', { required: true, name: 'NPS' }),
          q.long('scoreReason', 'What is the main reason for your score?', { placeholder: 'Be as honest as you like', name: 'Reason' }),
        ]),
        page('Tell us more', [
          q.checkboxes('valued', 'What do you value most about us?', ['Ease of use', 'Price', 'Customer support', 'Reliability', 'Features']),
          q.long('improve', 'What is one thing we could do better?', { name: 'Improvement' }),
          q.checkbox('followUp', 'You may contact me about my feedback', { name: 'May follow up' }),
          q.email('followUpEmail', 'Your email', { visibleIf: answerIs('followUp', true), name: 'Email' }),
        ]),
      ],
      { title: 'Thank you for your feedback', body: 'Every answer is read by our team and helps decide what we build next.' },
    ),
  },
  {
    slug: 'customer-feedback',
    name: 'Customer feedback',
    description: 'Ask customers how their experience went, from first contact to after-sales support.',
    categories: ['feedback'],
    isFeatured: true,
    featuredThemeId: 'serene',
    type: 'form',
    template: flow(
      [
        page('Your experience', [
          q.stars('overall', 'Overall, how satisfied are you with us?', { required: true, max: 5, name: 'Overall satisfaction' }),
          q.matrix('aspects', 'How would you rate the following?', ['Quality of the product', 'Value for money', 'Delivery speed', 'Customer service'], ['Poor', 'Fair', 'Good', 'Excellent'], { name: 'Ratings' }),
          q.choice('expectations', 'Did we meet your expectations?', ['Exceeded them', 'Met them', 'Fell short'], { required: true, name: 'Expectations' }),
        ]),
        page('Anything else?', [
          q.long('highlight', 'What did you like most?', { name: 'Liked most' }),
          q.long('issues', 'Was there anything that disappointed you?', { name: 'Disappointments' }),
          q.choice('buyAgain', 'Would you buy from us again?', ['Definitely', 'Probably', 'Not sure', 'Probably not'], { name: 'Would buy again' }),
          q.email('email', 'Email (optional, if you would like a reply)', { name: 'Email' }),
        ]),
      ],
      { title: 'Thanks for sharing', body: 'Your feedback helps us serve you better. We appreciate you taking the time.' },
    ),
  },
  {
    slug: 'product-feedback',
    name: 'Product feedback',
    description: 'Learn how people use your product, which features matter and what is missing.',
    categories: ['feedback', 'survey'],
    isFeatured: false,
    featuredThemeId: 'dark',
    type: 'form',
    template: flow(
      [
        page('How you use it', [
          q.dropdown('usage', 'How often do you use the product?', ['Every day', 'A few times a week', 'A few times a month', 'Rarely'], { required: true, name: 'Usage' }),
          q.choice('userRole', 'Which best describes you?', ['Individual user', 'Team admin', 'Developer', 'Manager'], { name: 'Role' }),
          q.ranking('features', 'Rank these features by how important they are to you', ['Speed', 'Integrations', 'Reporting', 'Collaboration', 'Mobile app'], { name: 'Feature ranking' }),
        ]),
        page('What to improve', [
          q.scale('easeOfUse', 'How easy is the product to use?', { start: 1, end: 7, leftLabel: 'Very difficult', rightLabel: 'Very easy', required: true, name: 'Ease of use' }),
          q.choice('disappointment', 'How would you feel if you could no longer use the product?', ['Very disappointed', 'Somewhat disappointed', 'Not disappointed'], { name: 'Disappointment' }),
          q.long('missing', 'What is missing or frustrating?', { placeholder: 'Describe what you were trying to do', name: 'Missing' }),
        ]),
      ],
      { title: 'Feedback received', body: 'Thank you! Our product team reviews every response each week.' },
    ),
  },
  {
    slug: 'event-feedback',
    name: 'Event feedback',
    description: 'Collect attendee ratings of sessions, speakers and the venue after your event.',
    categories: ['feedback', 'registration'],
    isFeatured: false,
    featuredThemeId: 'navyPop',
    type: 'form',
    template: flow(
      [
        page('The event', [
          q.stars('eventRating', 'How would you rate the event overall?', { required: true, name: 'Event rating' }),
          q.matrix('eventParts', 'How satisfied were you with…', ['The speakers', 'The venue', 'Food and drinks', 'Networking opportunities', 'Organisation'], ['Unsatisfied', 'Neutral', 'Satisfied', 'Very satisfied'], { name: 'Event parts' }),
          q.short('bestSession', 'Which session was your favourite?', { name: 'Favourite session' }),
        ]),
        page('Next time', [
          q.nps('recommendEvent', 'How likely are you to recommend this event to a colleague?', { name: 'Recommend' }),
          q.checkboxes('nextTopics', 'Which topics would you like next year?', ['Case studies', 'Hands-on workshops', 'Panel discussions', 'Product roadmap', 'Career development'], { name: 'Next topics' }),
          q.long('eventSuggestions', 'Any suggestions to make the next edition better?', { name: 'Suggestions' }),
        ]),
      ],
      { title: 'Thanks for attending', body: 'We hope to see you at the next one. Slides and recordings will follow by email.' },
    ),
  },
  {
    slug: 'restaurant-feedback',
    name: 'Restaurant feedback',
    description: 'A short card for diners to rate food, service and atmosphere after their visit.',
    categories: ['feedback'],
    isFeatured: false,
    featuredThemeId: 'rose',
    type: 'form',
    template: flow(
      [
        page('Your visit', [
          q.date('visitDate', 'When did you visit?', { required: true, name: 'Visit date' }),
          q.choice('mealTime', 'Which meal did you have?', ['Breakfast', 'Lunch', 'Dinner', 'Takeaway'], { name: 'Meal' }),
          q.short('server', 'Who looked after you? (optional)', { placeholder: 'Your server’s name', name: 'Server' }),
        ]),
        page('Your ratings', [
          q.stars('food', 'Food', { required: true }),
          q.stars('service', 'Service', { required: true }),
          q.stars('atmosphere', 'Atmosphere'),
          q.long('dish', 'Which dish should we never take off the menu?', { name: 'Favourite dish' }),
          q.email('dinerEmail', 'Leave your email to hear about tasting nights', { name: 'Email' }),
        ]),
      ],
      { title: 'Thank you for dining with us', body: 'We read every comment and share them with the kitchen and the floor team.' },
    ),
  },
  {
    slug: 'market-research-survey',
    name: 'Market research survey',
    description: 'Understand a target audience: who they are, what they use today and what they would pay.',
    categories: ['survey', 'lead-generation'],
    isFeatured: false,
    featuredThemeId: 'charcoal',
    type: 'form',
    template: flow(
      [
        page('About you', [
          q.dropdown('ageRange', 'What is your age?', ['Under 18', '18–24', '25–34', '35–44', '45–54', '55–64', '65 or older'], { required: true, name: 'Age range' }),
          q.dropdown('industry', 'Which industry do you work in?', ['Technology', 'Retail', 'Healthcare', 'Education', 'Finance', 'Other'], { name: 'Industry' }),
          q.choice('decisionMaker', 'Do you make purchasing decisions for your team?', ['Yes, I decide', 'I influence the decision', 'No'], { name: 'Decision maker' }),
        ]),
        page('Your current tools', [
          q.short('currentTool', 'What do you use today to solve this problem?', { placeholder: 'Tool name, spreadsheet, pen and paper…', name: 'Current tool' }),
          q.scale('satisfaction', 'How satisfied are you with it?', { start: 1, end: 5, leftLabel: 'Not at all', rightLabel: 'Completely', name: 'Satisfaction' }),
          q.checkboxes('painPoints', 'What frustrates you about it?', ['Too expensive', 'Hard to learn', 'Missing features', 'Slow', 'Poor support'], { name: 'Pain points' }),
        ]),
        page('Pricing', [
          q.slider('willingToPay', 'How much would you pay per month for a better solution?', { min: 0, max: 200, step: 10, unit: 'USD', name: 'Willing to pay' }),
          q.checkbox('interview', 'I would take part in a 20-minute follow-up interview', { name: 'Interview' }),
          q.email('researchEmail', 'Email for the interview invitation', { name: 'Email' }),
        ]),
      ],
      { title: 'Survey complete', body: 'Thank you for helping us understand the market better.' },
    ),
  },
  {
    slug: 'course-evaluation',
    name: 'Course evaluation',
    description: 'End-of-course evaluation of content, teaching and workload for students to fill in anonymously.',
    categories: ['education', 'feedback', 'survey'],
    isFeatured: false,
    featuredThemeId: 'calm',
    type: 'form',
    template: flow(
      [
        page('The course', [
          q.short('courseCode', 'Course name or code', { required: true, placeholder: 'e.g. BIO 101', name: 'Course' }),
          q.matrix('agreement', 'How far do you agree?', ['The objectives were clear', 'The materials were useful', 'The assessments were fair', 'The pace was right'], ['Strongly disagree', 'Disagree', 'Agree', 'Strongly agree'], { required: true, name: 'Agreement' }),
          q.number('hoursPerWeek', 'About how many hours a week did you spend on this course outside class?', { min: 0, max: 80, name: 'Hours per week' }),
        ]),
        page('The teaching', [
          q.stars('instructorRating', 'How would you rate the instructor?', { required: true, name: 'Instructor rating' }),
          q.long('keepDoing', 'What should the instructor keep doing?', { name: 'Keep doing' }),
          q.long('changeNext', 'What should change next time the course runs?', { name: 'Change' }),
        ]),
      ],
      { title: 'Thank you', body: 'Your evaluation is anonymous and will be shared with the teaching team after grades are published.' },
    ),
  },
];
