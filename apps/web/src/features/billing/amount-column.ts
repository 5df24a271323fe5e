/** A column of rupees: right-aligned, but beside its label where the table stacks on a phone. */
export const AMOUNT_COLUMN = { className: 'text-end', cellClassName: 'text-sm-end' } as const;
