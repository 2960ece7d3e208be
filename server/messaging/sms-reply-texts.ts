// The app's answers to an inbound SMS (STOP, START, HELP; 1 and 2 to a lesson reminder), in en-US and zh-CN: the language of the
// guardian with that number when known, Chinese for a reply of 退订, else English.

export type SmsReplyLanguage = 'en-US' | 'zh-CN';

interface LessonParams {
  /** The children named in the reminder. */
  who: string;
  /** The course and its local day and time. */
  lesson: string;
}

interface HelpParams {
  centre: string;
  contact: string | null;
}

const texts = {
  'en-US': {
    stopped: (centre: string | null) =>
      `${centre ? `${centre}: ` : ''}You are unsubscribed and will receive no more SMS from us. Reply START to remove the block; to receive SMS again, ask the centre.`,
    started: () =>
      'The block on this number is removed, but SMS are sent only with your consent: ask the centre at the desk or in the family portal to receive them again.',
    help: ({ centre, contact }: HelpParams) =>
      `${centre}${contact ? `: ${contact}` : ''}. Reply STOP to receive no more SMS.`,
    helpUnknown: () => 'Level Up tutoring centre messages. Reply STOP to receive no more SMS.',
    coming: ({ who, lesson }: LessonParams) => `Thank you: ${who} is expected at ${lesson}.`,
    cancelled: ({ who, lesson, consequence }: LessonParams & { consequence: string }) =>
      `${who}'s lesson ${lesson} is cancelled. ${consequence}`,
    alreadyCancelled: ({ who, lesson }: LessonParams) => `${who}'s lesson ${lesson} was cancelled already.`,
    notCancelled: ({ lesson }: { lesson: string }) =>
      `The lesson ${lesson} could not be cancelled by SMS: please call the centre.`,
    replyHelp: () =>
      'Reply 1 if coming, 2 if you cannot come to your next lesson; HELP for the centre, STOP for no more SMS.',
  },
  'zh-CN': {
    stopped: (centre: string | null) =>
      `${centre ? `${centre}：` : ''}您已退订，将不再收到我们的短信。回复 START 可解除屏蔽；如需重新接收短信，请联系中心。`,
    started: () => '已解除对此号码的屏蔽，但短信仅在您同意后发送：如需重新接收，请在前台或家长门户告知中心。',
    help: ({ centre, contact }: HelpParams) => `${centre}${contact ? `：${contact}` : ''}。回复 退订 不再接收短信。`,
    helpUnknown: () => 'Level Up 辅导中心短信。回复 退订 不再接收短信。',
    coming: ({ who, lesson }: LessonParams) => `谢谢：我们期待 ${who} 参加 ${lesson} 的课程。`,
    cancelled: ({ who, lesson, consequence }: LessonParams & { consequence: string }) =>
      `${who} 在 ${lesson} 的课程已取消。${consequence}`,
    alreadyCancelled: ({ who, lesson }: LessonParams) => `${who} 在 ${lesson} 的课程已经取消。`,
    notCancelled: ({ lesson }: { lesson: string }) => `无法通过短信取消 ${lesson} 的课程：请致电中心。`,
    replyHelp: () =>
      '回复 1 表示会来上下一节课，回复 2 表示不能来；回复 HELP 获取中心联系方式，回复 退订 不再接收短信。',
  },
} satisfies Record<SmsReplyLanguage, unknown>;

export function smsReplyLanguage(langKey: string | null | undefined): SmsReplyLanguage {
  return langKey?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

export function smsReplyTexts(language: SmsReplyLanguage) {
  return texts[language];
}
