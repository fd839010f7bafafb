/**
 * Catalogue templates for events and RSVPs (spec 000 §2 "template"; the spec's popular slugs `rsvp-form` and
 * `wedding-rsvp`): an RSVP, a wedding RSVP, a conference registration and a workshop signup. Guests who decline
 * skip the detail pages (a navigation rule to the ending). Built with `templates/build.ts`.
 */
import type { CatalogueTemplate } from '../catalogue';
import { answerIs, ENDING_STEP_ID, flow, page, q } from '../build';

/** The event and RSVP templates of the catalogue. */
export const EVENT_TEMPLATES: readonly CatalogueTemplate[] = [
  {
    slug: 'rsvp-form',
    name: 'Event RSVP',
    description: 'Find out who is coming, how many guests they bring and what they need on the day.',
    categories: ['registration'],
    isFeatured: true,
    featuredThemeId: 'coral',
    type: 'form',
    template: flow(
      [
        page(
          'Will you join us?',
          [
            q.short('name', 'Your name', { required: true, placeholder: 'First and last name', name: 'Name' }),
            q.email('email', 'Email', { required: true, placeholder: 'you@example.com' }),
            q.choice('attending', 'Will you attend?', ['Yes, I will be there', 'Maybe', 'No, I cannot make it'], { required: true, name: 'Attending' }),
          ],
          [{ condition: answerIs('attending', 'attending-no-i-cannot-make-it'), nextStep: ENDING_STEP_ID }],
        ),
        page('Your visit', [
          q.number('guests', 'How many people are coming, including you?', { required: true, min: 1, max: 10, placeholder: '1', name: 'Party size' }),
          q.checkboxes('dietary', 'Any dietary requirements?', ['Vegetarian', 'Vegan', 'Gluten-free', 'Nut allergy', 'None']),
          q.choice('parking', 'Will you need a parking space?', ['Yes', 'No'], { name: 'Parking' }),
          q.long('notes', 'Anything else we should know?', { placeholder: 'Accessibility needs, arrival time…', name: 'Notes' }),
        ]),
      ],
      { title: 'Thanks for your RSVP', body: 'We have your answer, {{answers.name}}. A reminder will reach you a few days before the event.' },
    ),
  },
  {
    slug: 'wedding-rsvp',
    name: 'Wedding RSVP',
    description: 'A warm wedding RSVP with meal choices, plus-ones, song requests and a note for the couple.',
    categories: ['registration'],
    isFeatured: true,
    featuredThemeId: 'wallFlower',
    type: 'form',
    template: flow(
      [
        page(
          'RSVP',
          [
            q.short('guestName', 'Your full name', { required: true, placeholder: 'As written on your invitation', name: 'Guest name' }),
            q.email('guestEmail', 'Email address', { required: true, name: 'Email' }),
            q.choice('attending', 'Will you celebrate with us?', ['Joyfully accepts', 'Regretfully declines'], { required: true, name: 'Attending' }),
          ],
          [{ condition: answerIs('attending', 'attending-regretfully-declines'), nextStep: 'page3' }],
        ),
        page('Celebration details', [
          q.choice('plusOne', 'Will you bring a plus-one?', ['Yes', 'No'], { required: true, name: 'Plus-one' }),
          q.short('plusOneName', "Your plus-one's name", { visibleIf: answerIs('plusOne', 'plusOne-yes'), name: 'Plus-one name' }),
          q.choice('meal', 'Choose your dinner', ['Herb-roasted chicken', 'Seared salmon', 'Wild mushroom risotto (vegetarian)'], { required: true, name: 'Meal' }),
          q.short('allergies', 'Any allergies we should tell the caterer about?', { placeholder: 'e.g. shellfish', name: 'Allergies' }),
          q.short('song', 'Which song will get you on the dance floor?', { placeholder: 'Song and artist', name: 'Song request' }),
        ]),
        page('A note for the couple', [
          q.long('message', 'Leave a message for the couple', { placeholder: 'Wishes, memories, advice…', name: 'Message' }),
        ]),
      ],
      { title: 'Thank you!', body: 'Your RSVP means the world to us. We cannot wait to celebrate together.' },
    ),
  },
  {
    slug: 'event-registration',
    name: 'Conference registration',
    description: 'Register attendees for a multi-track conference, with ticket type, sessions and badge details.',
    categories: ['registration'],
    isFeatured: true,
    featuredThemeId: 'bold',
    type: 'form',
    template: flow(
      [
        page('Attendee', [
          q.short('fullName', 'Full name (as it should appear on your badge)', { required: true, name: 'Full name' }),
          q.email('email', 'Email', { required: true }),
          q.short('company', 'Company or organisation', { name: 'Company' }),
          q.short('role', 'Job title', { name: 'Job title' }),
          q.phone('mobile', 'Mobile number (for day-of updates)', { name: 'Mobile' }),
        ]),
        page('Ticket and sessions', [
          q.choice('ticket', 'Ticket type', ['Full conference (2 days)', 'Day 1 only', 'Day 2 only', 'Student pass'], { required: true, name: 'Ticket' }),
          q.checkboxes('tracks', 'Which tracks will you follow?', ['Product & design', 'Engineering', 'Growth & marketing', 'Leadership'], { name: 'Tracks' }),
          q.checkbox('workshop', 'Add the hands-on workshop on the evening of day 1', { name: 'Workshop' }),
          q.dropdown('tshirt', 'T-shirt size', ['XS', 'S', 'M', 'L', 'XL', 'XXL'], { name: 'T-shirt size' }),
        ]),
        page('Accessibility and consent', [
          q.long('accessibility', 'Do you need any accessibility support?', { placeholder: 'Step-free access, captioning, quiet room…', name: 'Accessibility' }),
          q.checkbox('codeOfConduct', 'I have read and agree to follow the code of conduct', { required: true, name: 'Code of conduct' }),
        ]),
      ],
      { title: 'Registration complete', body: 'Thanks, {{answers.fullName}}! Your ticket and invoice will arrive by email shortly.' },
    ),
  },
  {
    slug: 'workshop-signup',
    name: 'Workshop signup',
    description: 'Sign people up for a hands-on class and learn their level and goals before it starts.',
    categories: ['registration', 'education'],
    isFeatured: false,
    featuredThemeId: 'ecofriendly',
    type: 'form',
    template: flow(
      [
        page('Sign up', [
          q.short('participant', 'Participant name', { required: true }),
          q.email('email', 'Email', { required: true }),
          q.dropdown('session', 'Which session would you like?', ['Saturday morning (10:00–13:00)', 'Saturday afternoon (14:00–17:00)', 'Wednesday evening (18:30–21:30)'], { required: true, name: 'Session' }),
        ]),
        page('About your level', [
          q.scale('skillLevel', 'How would you rate your current skill level?', { start: 1, end: 5, leftLabel: 'Beginner', rightLabel: 'Expert', name: 'Skill level' }),
          q.long('goals', 'What do you hope to learn?', { placeholder: 'One or two things you would like to leave with', name: 'Goals' }),
          q.choice('equipment', 'Will you bring your own equipment?', ['Yes', 'No, I will rent one on site'], { name: 'Own equipment' }),
        ]),
      ],
      { title: 'Your seat is booked', body: 'We will email you a packing list and directions a week before the workshop.' },
    ),
  },
];
