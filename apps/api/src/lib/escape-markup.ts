/** Text made safe inside HTML or XML, in element content and in double-quoted attributes. */
export const escapeMarkup = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
