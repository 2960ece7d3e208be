// scheduleViews texts (zh-CN).
export default {};
