/** ours: answer validation messages shown next to a question, on the public form and in 400 details. */
export const answers = {
  required: 'This question is required',
  invalidEmail: 'Please enter a valid email address',
  invalidUrl: 'Please enter a valid URL',
  invalidPhone: 'Please enter a valid phone number',
  invalidNumber: 'Please enter a number',
  numberTooSmall: (min: number) => `Please enter a number of at least ${min}`,
  numberTooLarge: (max: number) => `Please enter a number of at most ${max}`,
  invalidOption: 'Please choose one of the options',
  invalidDate: 'Please enter a valid date',
  invalidRating: (max: number) => `Please choose a rating from 1 to ${max}`,
  invalidText: 'Please enter text',
  textTooLong: (max: number) => `Please enter at most ${max} characters`,
  invalidBoolean: 'Please check or uncheck the box',
  unknownQuestion: 'This question is not on the form',
  /** ours: the answers are not an object keyed by question id. */
  notAnObject: 'Answers must be an object keyed by question id',
  /** ours: a Checkboxes or Ranking answer that names one choice twice. */
  duplicateOption: 'Please choose each option at most once',
  /** ours: an OpinionScale answer outside its scale (`0`–`10` by default). */
  outOfScale: (start: number, end: number) => `Please choose a number from ${start} to ${end}`,
  /** ours: a Slider answer between the slider's positions (`step` apart, counted from `min`). */
  offStep: (step: number, min: number) => `Please choose a value in steps of ${step} from ${min}`,
  /** ours: a TimePicker answer that is not `HH:MM` (24 h). */
  invalidTime: 'Please enter a valid time',
  /** ours: a DateTimePicker answer that is not `YYYY-MM-DDTHH:MM`. */
  invalidDateTime: 'Please enter a valid date and time',
  /** ours: a DateTimePicker answer before its earliest (`earliest` as it reads: 'March 5, 2026 at 9:00 AM'). */
  dateTimeTooEarly: (earliest: string) => `Please choose ${earliest} or later`,
  /** ours: a DateTimePicker answer after its latest. */
  dateTimeTooLate: (latest: string) => `Please choose ${latest} or earlier`,
  /** ours: a CurrencyInput answer with more decimals than its currency has. */
  amountDecimals: (digits: number) => (digits === 0 ? 'Please enter a whole amount' : `Please enter at most ${digits} decimal places`),
  /** ours: a CurrencyInput answer below its minimum (`amount` as it reads: 'USD 10.00'). */
  amountTooSmall: (amount: string) => `Please enter at least ${amount}`,
  /** ours: a CurrencyInput answer above its maximum. */
  amountTooLarge: (amount: string) => `Please enter at most ${amount}`,
  /** ours: a required Matrix with a row left unanswered. */
  matrixIncomplete: 'Please answer every row',
  /** ours: a Ranking answer that leaves options out. */
  rankingIncomplete: 'Please rank every option',
  /** ours: a MultiSelect answer with fewer options than its `minSelections`. */
  tooFewSelections: (min: number) => `Please choose at least ${min} ${min === 1 ? 'option' : 'options'}`,
  /** ours: a MultiSelect answer with more options than its `maxSelections`. */
  tooManySelections: (max: number) => `Please choose at most ${max} ${max === 1 ? 'option' : 'options'}`,
  /** ours: an Address answer that is not an object of texts. */
  invalidAddress: 'Please enter an address',
  /** ours: an Address answer without a country, or with a code that is no ISO 3166-1 alpha-2 country. */
  invalidCountry: 'Please choose a country',
  /** ours: an Address answer with a required part left blank (`part`: one of {@link copy.answers.addressPartNames}). */
  addressPartMissing: (part: string) => `Please enter the ${part}`,
  /** ours: an Address answer with a part longer than allowed. */
  addressPartTooLong: (part: string, max: number) => `Please enter at most ${max} characters for the ${part}`,
  /** ours: the parts of an address as the messages above name them. */
  addressPartNames: {
    street: 'street address',
    line2: 'second address line',
    city: 'city',
    state: 'state or province',
    postalCode: 'postal code',
    country: 'country',
  },
  /** ours: the labels of an Address question's fields on the public form. */
  addressFieldLabels: {
    street: 'Street address',
    line2: 'Apartment, suite, etc.',
    city: 'City',
    state: 'State / Province',
    postalCode: 'Postal code',
    country: 'Country',
  },
} as const;
