/**
 * The form editor's own texts (all ours: the spec does not show the editor's drag and drop, its keyboard shortcuts
 * nor its image upload): moving questions between pages and pages in the page order (the buttons, the menu, the
 * screen reader's announcements of a drag), the keyboard shortcuts and their dialog, and the upload of an
 * ImageChoice card's picture. Question and page names are quoted as the user wrote them.
 */
export const editor = {
  /**
   * spec 000 §9 "Small-screen editor notice: the editor works best on large screens, forms still work on mobile, and a
   * reminder e-mail can be sent once" (ours: the words).
   */
  smallScreen: {
    title: 'The editor works best on a larger screen',
    body: 'Your forms still work on mobile for the people who fill them out.',
    send: 'Email me a link for my computer',
    sent: (email: string) => `Sent to ${email}. Open it on your computer to continue.`,
    alreadySent: (email: string) => `We already sent a link to ${email}.`,
    failed: 'The link could not be sent',
    dismiss: 'Dismiss',
  },
  /** ours: the question card's 'Move to page…' menu and its items. */
  moveToPage: 'Move to page…',
  moveToPageLabel: (question: string) => `Move '${question}' to another page`,
  /** ours: the page a question is on, in the 'Move to page…' menu. */
  currentPage: 'This page',
  /** ours: a question moved to another page (by the menu, a drop on a page, or the keyboard): toast and announcement. */
  movedToPage: (question: string, page: string) => `Moved '${question}' to ${page}`,
  /** ours: a move (of a question or a page) left conditions, rules or piped texts reading a question before it is asked. */
  moveBreaksLogicTitle: 'Check the logic',
  moveBreaksLogic: (moved: string) => `Moving '${moved}' leaves some logic reading a question before it is asked. Publishing will point to:`,
  /** ours: the toast's button that takes a move back. */
  undoMove: 'Undo',

  /** ours: the handles that start a drag (@dnd-kit: Space or Enter picks up, arrows move, Space or Enter drops). */
  dragQuestion: (question: string) => `Drag '${question}' to reorder it or onto a page`,
  dragPage: (page: string) => `Drag page '${page}' to reorder`,
  /** ours: what the small card following the pointer says is being dragged. */
  dragKinds: { question: 'Question', page: 'Page' },
  /** ours: why a page cannot be dragged (`pagesReorderable`). */
  pagesNotReorderable:
    "The page order follows each page's 'After this page' default. This form's defaults skip pages or end early, so change the order there.",
  /** ours: what a screen reader says when a drag handle gets focus. */
  dragInstructions:
    'Press Space or Enter to pick it up. Use the arrow keys to move it: up and down in its list, or left onto a page of the Pages list to move a question there. Press Space or Enter again to drop it, or Escape to cancel.',
  /** ours: @dnd-kit's live announcements while dragging. */
  pickedUp: (name: string) => `Picked up '${name}'.`,
  overPosition: (name: string, position: number, count: number) => `'${name}' is at position ${position} of ${count}.`,
  overPage: (question: string, page: string) => `'${question}' is over ${page}. Drop it to move it to the end of that page.`,
  movedToPosition: (name: string, position: number, count: number) => `Moved '${name}' to position ${position} of ${count}.`,
  droppedInPlace: (name: string) => `'${name}' was dropped where it was.`,
  dragCancelled: (name: string) => `Moving '${name}' was cancelled.`,

  /** ours: the 'Keyboard shortcuts' dialog (the ⋯ menu, `?` or Ctrl+/) and the actions it lists. */
  shortcutsTitle: 'Keyboard shortcuts',
  shortcutsHint:
    'While you type in a text field, Undo, Redo, Alt with an arrow and ? act on the text instead; the other shortcuts work there too. The focused question is the question card that holds the keyboard focus: click its background, or move into it with Tab.',
  shortcutSections: { editing: 'Editing', questions: 'Questions', dragging: 'Drag and drop with the keyboard' },
  shortcuts: {
    undo: 'Undo',
    redo: 'Redo',
    save: 'Save now',
    publish: 'Publish',
    addQuestion: 'Add a question to this page',
    duplicateQuestion: 'Duplicate the focused question',
    moveQuestionUp: 'Move the focused question up',
    moveQuestionDown: 'Move the focused question down',
    showShortcuts: 'Show keyboard shortcuts',
  },
  /** ours: the keyboard drag's steps, as the dialog lists them (what they do, and the keys: any one of them). */
  dragSteps: [
    { action: 'Go to the drag handle of a question or a page', keys: ['Tab'] },
    { action: 'Pick it up, and drop it again', keys: ['Space', 'Enter'] },
    { action: 'Move it (← takes a question onto the Pages list)', keys: ['↑', '↓', '←', '→'] },
    { action: 'Put it back where it was', keys: ['Escape'] },
  ],
  /** ours: 'or' between two keys that do the same. */
  or: 'or',

  /** ours: an ImageChoice card's picture upload (file picker or a dropped file). */
  uploadImage: 'Upload image',
  uploadImageLabel: (position: number) => `Upload image for option ${position}`,
  imageDropHint: 'or drop an image on this option',
  uploadingImage: (name: string) => `Uploading ${name}…`,
  imageUploaded: (name: string) => `${name} is uploaded`,
  imageTypesTaken: 'Choose a PNG, JPEG, GIF or WebP image',
  imagePreview: (position: number) => `Image of option ${position}`,
} as const;
