// Chinese texts of class capacity, waitlists and freed-seat offers (issue 22). Keyed by the English text.
export const zhCNSeats = {} as const;
