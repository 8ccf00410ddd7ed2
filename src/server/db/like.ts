/**
 * A LIKE pattern that matches `text` anywhere, lower-cased, with the wildcards `%` and `_` (and
 * the escape `\`) in the text taken literally. Use with `lower(column) like $n`.
 */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`
