/** What a respondent reads on the public form that no question owns: a closed or unpublished form, a refused response. */
export const publicForm = {
  /** ours: the public form of a flow that was never published. */
  flowNotPublished: 'This form is not published',
  /** ours: the public link of a closed (unpublished) form, and a submission to it. */
  formClosed: 'This form is closed and no longer accepts responses',
  /** ours: a second response from a browser to a form that takes one per browser (`oneResponsePerBrowser`). */
  alreadyResponded: 'You have already responded to this form',
  /** ours: the bot challenge was missing or the provider refused its token. */
  challengeFailed: 'Please confirm you are not a robot, then submit again',
  /** ours: a question whose code could not be fetched (the respondent went offline while the form loaded). */
  questionFailedToLoad: 'This question could not be loaded. Check your connection and reload the page.',
  /** ours: an edit link whose submission does not exist (deleted) or whose token is not its own. */
  editLinkInvalid: 'This edit link is not valid. Ask the form’s owner for a new one',
  /** ours: the notice above a form opened by an edit link. */
  editingResponse: 'You are editing your response. Submit to save your changes.',
  /** ours: the ending's title after an edit was saved. */
  responseUpdated: 'Your response was updated',
} as const;
