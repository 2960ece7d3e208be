import { Modal } from 'antd';
import type { TMoneyMove } from '@/contracts/money-moves';

type T = (id: string, values?: Record<string, string | number>) => string;
type Money = (amount: string) => string;

/** "CA$40.00 returned to Hannah Gagnon" / "CA$40.00 charged to Hannah Gagnon", one per student. */
export function moveTexts(moves: TMoneyMove[], t: T, money: Money): string[] {
  return moves.map((m) => {
    const returned = !m.amount.startsWith('-');
    const amount = money(returned ? m.amount : m.amount.slice(1));
    return t(returned ? 'money.moves.returned' : 'money.moves.charged', { amount, name: m.name });
  });
}

/** Asks before a save that moves money, naming each student and amount; resolves true to go on. */
export function confirmMoves(moves: TMoneyMove[], t: T, money: Money): Promise<boolean> {
  return new Promise((resolve) => {
    Modal.confirm({
      title: t('money.moves.confirmTitle'),
      content: (
        <>
          <p>{t('money.moves.confirmIntro')}</p>
          <ul className="money-moves">
            {moveTexts(moves, t, money).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      ),
      okText: t('money.moves.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
