/** A person an answer names (who did it, who asked, who handles it): the id and the name to show. */
export type PersonRef = { id: number; name: string };
