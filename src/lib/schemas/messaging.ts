import * as z from 'zod/mini';
import { QUICK_REPLIES } from '../messaging/replies.ts';

/** POST /api/admin/messages/{id}/reply: the quick reply the simulator taps. */
export const SimulatedReplySchema = z.object({ reply: z.enum(QUICK_REPLIES) });
