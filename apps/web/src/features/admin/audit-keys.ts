/**
 * Where the audit log finds the words for an entity and an action (the first key that has them).
 * Content changes keep their words beside their screens' texts (articles.audit, conditions.audit,
 * reviews.audit); a booking's staff actions beside the booking page's history (booking.actionsLog).
 * audit-words.test.ts looks in the same places, so the test and the screen cannot disagree again
 * (the test once accepted booking.actionsLog while the screen did not look there, and the log
 * showed "booking.payment_verified").
 */
export const entityKeys = (entity: string) => [
  `audit.entities.${entity}`,
  `articles.audit.entities.${entity}`,
  `conditions.audit.entities.${entity}`,
  `reviews.audit.entities.${entity}`,
];
export const actionKeys = (action: string) => {
  const key = action.replaceAll('.', '_');
  return [
    `audit.actions.${key}`,
    `articles.audit.actions.${key}`,
    `conditions.audit.actions.${key}`,
    `reviews.audit.actions.${key}`,
    `booking.actionsLog.${key}`,
  ];
};
