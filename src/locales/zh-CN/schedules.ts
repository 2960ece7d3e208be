// schedules texts (zh-CN).
export default {};
