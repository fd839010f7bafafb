/** Names given to things the user has not named yet. */
export const defaultNames = {
  /** spec 000 §9 default names. */
  newForm: 'New form',
  myForm: 'My form',
  myQuiz: 'My quiz',
  paymentForm: 'Payment form',
  serviceForm: (service: string) => `My ${service} form`,
} as const;
