import * as z from 'zod/mini';
import { REPORT_GROUPINGS } from '../reports/report-period.ts';

/**
 * A report's query (issue 53), for the desk's and the seller portal's report routes. The days are read as text here
 * and checked strictly by readReportPeriod (a bad or impossible day is a 400 naming its field, in the reader's
 * language); `format=csv` answers the same numbers as a CSV file.
 */
export const ReportQuerySchema = z.object({
  from: z.optional(z.string().check(z.maxLength(40))),
  to: z.optional(z.string().check(z.maxLength(40))),
  by: z.optional(z.enum(REPORT_GROUPINGS)),
  format: z.optional(z.enum(['json', 'csv'])),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;
