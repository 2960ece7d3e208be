// In-app notices (the bell), notification settings, feedback reminders.
export default {} as Record<string, string>;
