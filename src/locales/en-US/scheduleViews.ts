// scheduleViews texts (en-US).
export default {};
