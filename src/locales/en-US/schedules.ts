// schedules texts (en-US).
export default {};
