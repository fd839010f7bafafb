/**
 * Catalogue templates for getting in touch and capturing leads (spec 000 §2 "template"): contact, callback,
 * newsletter, demo, quote and webinar forms. Built with `templates/build.ts`; listed in `templates/catalogue.ts`.
 */
import type { CatalogueTemplate } from '../catalogue';
import { flow, page, q } from '../build';

/** The contact and lead-generation templates of the catalogue. */
export const CONTACT_AND_LEAD_TEMPLATES: readonly CatalogueTemplate[] = [
  {
    slug: 'contact-form',
    name: 'Contact form',
    description: 'A friendly contact form that routes each message by topic and asks how to reply.',
    categories: ['contact'],
    isFeatured: true,
    featuredThemeId: 'plain',
    type: 'form',
    template: flow(
      [
        page('Your message', [
          q.short('name', 'What is your name?', { required: true, placeholder: 'Jane Smith', name: 'Name' }),
          q.email('email', 'Your email address', { required: true, placeholder: 'jane@example.com', name: 'Email' }),
          q.dropdown('topic', 'What is this about?', ['General question', 'Sales', 'Billing', 'Partnerships', 'Press'], { required: true, name: 'Topic' }),
          q.long('message', 'How can we help?', { required: true, placeholder: 'Tell us a little about what you need…', name: 'Message' }),
        ]),
        page('How to reach you', [
          q.choice('contactMethod', 'How should we get back to you?', ['Email', 'Phone call', 'Either is fine'], { name: 'Preferred contact' }),
          q.phone('phone', 'Phone number', { placeholder: '+1 555 010 0199', name: 'Phone' }),
          q.checkbox('consent', 'I agree that my details are stored to answer this message', { required: true, name: 'Consent' }),
        ]),
      ],
      { title: 'Message received', body: 'Thanks, {{answers.name}}. We usually reply within one business day.' },
    ),
  },
  {
    slug: 'callback-request',
    name: 'Callback request',
    description: 'Let visitors ask for a phone call at a time that suits them.',
    categories: ['contact', 'lead-generation'],
    isFeatured: false,
    featuredThemeId: 'serene',
    type: 'form',
    template: flow(
      [
        page('Who to call', [
          q.short('fullName', 'Full name', { required: true, placeholder: 'Alex Johnson' }),
          q.phone('phone', 'Best number to call', { required: true, placeholder: '+1 555 010 0199', name: 'Phone' }),
          q.email('email', 'Email (in case we miss you)', { placeholder: 'alex@example.com', name: 'Email' }),
        ]),
        page('When to call', [
          q.date('callDate', 'Which day suits you?', { required: true, name: 'Call date' }),
          q.choice('callWindow', 'Preferred time of day', ['Morning (9–12)', 'Afternoon (12–5)', 'Evening (5–7)'], { required: true, name: 'Time window' }),
          q.short('reason', 'What would you like to talk about?', { placeholder: 'e.g. pricing for a team of 20', name: 'Reason' }),
        ]),
      ],
      { title: 'We will call you', body: 'A member of our team will call {{answers.phone}} at the time you picked.' },
    ),
  },
  {
    slug: 'newsletter-signup',
    name: 'Newsletter signup',
    description: 'Grow your mailing list and learn which topics each subscriber wants to hear about.',
    categories: ['lead-generation'],
    isFeatured: true,
    featuredThemeId: 'dreamy',
    type: 'form',
    template: flow(
      [
        page('Subscribe', [
          q.email('email', 'Where should we send the newsletter?', { required: true, placeholder: 'you@example.com', name: 'Email' }),
          q.short('firstName', 'First name', { placeholder: 'So we can say hello', name: 'First name' }),
        ]),
        page('Your interests', [
          q.checkboxes('topics', 'Which topics interest you?', ['Product news', 'Tips and tutorials', 'Customer stories', 'Events and webinars', 'Special offers'], { required: true, name: 'Topics' }),
          q.choice('frequency', 'How often would you like to hear from us?', ['Weekly', 'Every two weeks', 'Monthly'], { name: 'Frequency' }),
          q.checkbox('gdprConsent', 'I agree to receive emails and know I can unsubscribe at any time', { required: true, name: 'Consent' }),
        ]),
      ],
      { title: "You're on the list!", body: 'Check your inbox for a confirmation email to finish subscribing.' },
    ),
  },
  {
    slug: 'demo-request',
    name: 'Product demo request',
    description: 'Qualify B2B leads and collect what your sales team needs before booking a demo.',
    categories: ['lead-generation', 'booking'],
    isFeatured: false,
    featuredThemeId: 'navyPop',
    type: 'form',
    template: flow(
      [
        page('About you', [
          q.short('name', 'Your name', { required: true, placeholder: 'Priya Patel', name: 'Name' }),
          q.email('workEmail', 'Work email', { required: true, placeholder: 'priya@company.com' }),
          q.short('company', 'Company name', { required: true, name: 'Company' }),
          q.short('jobTitle', 'Job title', { placeholder: 'e.g. Head of Operations' }),
        ]),
        page('Your team', [
          q.dropdown('companySize', 'How many people work at your company?', ['1–10', '11–50', '51–200', '201–1,000', 'More than 1,000'], { required: true, name: 'Company size' }),
          q.checkboxes('goals', 'What do you want to achieve?', ['Collect data faster', 'Replace paper forms', 'Automate follow-ups', 'Take payments', 'Something else'], { name: 'Goals' }),
          q.dropdown('timeline', 'When are you hoping to get started?', ['Right away', 'Within a month', 'In 1–3 months', 'Just exploring'], { name: 'Timeline' }),
        ]),
        page('Scheduling', [
          q.dateTime('preferredSlot', 'Suggest a time for a 30-minute demo', { name: 'Preferred time' }),
          q.long('questions', 'Anything we should prepare for the call?', { placeholder: 'Your current tools, must-have features…', name: 'Notes' }),
        ]),
      ],
      { title: 'Demo requested', body: 'Thanks! Our team will confirm your demo by email within one business day.' },
    ),
  },
  {
    slug: 'quote-request',
    name: 'Quote request',
    description: 'Collect project details, budget and deadlines so you can send an accurate quote.',
    categories: ['lead-generation', 'order'],
    isFeatured: false,
    featuredThemeId: 'formalGray',
    type: 'form',
    template: flow(
      [
        page('Contact details', [
          q.short('name', 'Your name', { required: true, name: 'Name' }),
          q.short('companyName', 'Company (if any)', { name: 'Company' }),
          q.email('email', 'Email', { required: true, placeholder: 'name@example.com' }),
          q.phone('phone', 'Phone', { name: 'Phone' }),
        ]),
        page('Project', [
          q.multiSelect('services', 'Which services do you need?', ['Design', 'Development', 'Copywriting', 'Photography', 'Consulting'], { required: true, minSelections: 1, name: 'Services' }),
          q.long('projectDetails', 'Describe the project', { required: true, placeholder: 'Scope, deliverables, anything you already have…', name: 'Project details' }),
          q.currency('budget', 'What is your budget?', { currency: 'USD', min: 0, name: 'Budget' }),
          q.date('deadline', 'When do you need it by?', { name: 'Deadline' }),
          q.file('brief', 'Upload a brief or examples (optional)', { allowedTypes: 'documents', maxSizeMb: 10, maxFiles: 3, name: 'Attachments' }),
        ]),
      ],
      { title: 'Thanks for your request', body: 'We will review the details and send your quote within two business days.' },
    ),
  },
  {
    slug: 'webinar-registration',
    name: 'Webinar registration',
    description: 'Register attendees for an online session and collect the questions they want answered.',
    categories: ['registration', 'lead-generation'],
    isFeatured: false,
    featuredThemeId: 'futuristic',
    type: 'form',
    template: flow(
      [
        page('Register', [
          q.short('firstName', 'First name', { required: true }),
          q.short('lastName', 'Last name', { required: true }),
          q.email('email', 'Email for the join link', { required: true, placeholder: 'you@example.com', name: 'Email' }),
          q.short('organisation', 'Organisation', { name: 'Organisation' }),
        ]),
        page('Before the session', [
          q.choice('experience', 'How familiar are you with the topic?', ['New to it', 'Some experience', 'Advanced'], { name: 'Experience' }),
          q.long('questionsForSpeaker', 'What would you like the speakers to cover?', { placeholder: 'Your questions go to the Q&A list', name: 'Questions' }),
          q.checkbox('recording', 'Send me the recording if I cannot attend live', { name: 'Wants recording' }),
        ]),
      ],
      { title: 'You are registered', body: 'Your join link is on its way to {{answers.email}}. See you there!' },
    ),
  },
];
