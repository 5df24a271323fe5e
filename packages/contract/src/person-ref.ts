import { z } from 'zod';

/** A person an answer names (who did it, who asked, who handles it): the id and the name to show. */
export const personRefSchema = z.object({ id: z.number(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;
