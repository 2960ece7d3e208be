// The email that carries a monthly statement, in the guardian's language (en-US or zh-CN).
import type { Locale } from '../../i18n/locale';
import { render, type ServerText, t } from '../../i18n/text';
import { escapeHtml } from '../../messaging/html';
import { moneyText } from '../money/money-text';
import type { Statement } from './statement-data';
import { monthLabel } from './statement-pdf';

export function statementEmail(statement: Statement, locale: Locale) {
  const say = (text: ServerText) => render(text, locale);
  const month = monthLabel(statement.month, locale);
  const subject = render(
    t('{title} {month} from {centre}', { title: say('Monthly statement'), month, centre: statement.centre.name }),
    locale,
  );
  const paragraphs = [
    say('Dear parent,'),
    render(
      t('Here is the statement of {month} for the {household} household. The PDF is attached.', {
        month,
        household: statement.household.name,
      }),
      locale,
    ),
    render(
      t('Balance at the end of {month}: {amount}', {
        month,
        amount: moneyText(statement.closing.toString(), statement.centre.currency, locale),
      }),
      locale,
    ),
    say(
      'You receive this statement because your family asked for it; you can turn it off in the family portal settings.',
    ),
  ];
  const signature = [say('Kind regards,'), statement.centre.name];
  return {
    subject,
    text: [...paragraphs, signature.join('\n')].join('\n\n'),
    html: [...paragraphs, signature.map(escapeHtml).join('<br>')]
      .map((p, i) => `<p>${i < paragraphs.length ? escapeHtml(p) : p}</p>`)
      .join('\n'),
  };
}
