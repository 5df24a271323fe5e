/**
 * A closed set of values and the words people read for each, written once: the values (for `z.enum`
 * and loops) come from the labels' keys, in the order written, so no value is listed twice.
 */
export function defineLabelledChoices<const T extends Record<string, string>>(labels: T) {
  const values = Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];
  return { values, labels: labels as Readonly<Record<keyof T & string, string>> };
}
