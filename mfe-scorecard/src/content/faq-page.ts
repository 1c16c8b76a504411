/** /scorecard/faq's own copy (the questions themselves are published content). */
export const FAQ_INTRO = {
  title: 'Frequently Asked Questions',
  crumb: 'FAQ',
  lead: 'Answers to the twelve questions we hear most about the scorecard: what it is, why it is needed, how to use it and who it is for. Each question has its own link you can share.',
} as const;
