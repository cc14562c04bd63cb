/**
 * How an article's rendered Markdown looks: shared by the public article page
 * and the back office's preview, so the preview shows what readers will see.
 */
export const articleBodyClass =
  'leading-relaxed text-slate-900 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-action-500 [&_blockquote]:pl-4 [&_h2]:mt-8 [&_h2]:text-2xl [&_h3]:mt-6 [&_h3]:text-xl [&_li]:mt-1 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_table]:mt-4 [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6';
