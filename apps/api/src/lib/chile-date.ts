/**
 * Days as Chile counts them: the UF in effect is the one dated today in America/Santiago, whose
 * offset from UTC moves with daylight saving. Dates are `YYYY-MM-DD` text, as PostgreSQL's `date`.
 */
const santiagoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date in Chile at an instant. */
export const chileDate = (at: Date) => santiagoDay.format(at);

/** A date `days` later (or earlier), by the calendar. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The Chilean date an instant stands for when a source writes a day as a timestamp: the nearest
 * midnight in Santiago. mindicador writes 2025-11-24 as 2025-11-24T03:00:00.000Z (midnight in
 * summer time); a source writing 2025-11-24T00:00:00Z (UTC midnight, 21:00 the day before in
 * Santiago) means the same day.
 */
export const chileDateOfMidnight = (at: Date) => chileDate(new Date(at.getTime() + 12 * 3_600_000));
