// Chinese texts of class capacity, waitlists and freed-seat offers (issue 22). Keyed by the English text.
export const zhCNSeats = {
  'This class is full ({taken} of {capacity} seats taken)': '此课程已满（已占 {taken}/{capacity} 个名额）',
} as const;
