import { describe, expect, it } from 'vitest';
import { Prisma } from '../../generated/prisma/client';
import { fixed2, moneyNumber, moneyText, negated } from './money-text';

const zero = new Prisma.Decimal(0);

describe('money text', () => {
  it('never writes a negative zero', () => {
    expect(fixed2(zero.neg())).toBe('0.00');
    expect(fixed2(new Prisma.Decimal('-0.004'))).toBe('0.00');
    expect(fixed2('-0.00')).toBe('0.00');
    expect(fixed2(-0)).toBe('0.00');
    expect(negated('0.00')).toBe('0.00');
    expect(Object.is(moneyNumber(zero.neg()), -0)).toBe(false);
    expect(moneyText(zero.neg(), 'CAD')).toBe('CA$0.00');
    expect(moneyText('-0.00', 'CAD', 'zh-CN')).toBe('CA$0.00');
  });

  it('keeps real amounts and their signs', () => {
    expect(fixed2(new Prisma.Decimal('-12.5'))).toBe('-12.50');
    expect(negated('12.50')).toBe('-12.50');
    expect(negated('-3.00')).toBe('3.00');
    expect(moneyText('1200', 'CAD')).toBe('CA$1,200.00');
    expect(moneyText('-40', 'CAD')).toBe('-CA$40.00');
    expect(moneyText('5', 'XYZ1')).toBe('5.00 XYZ1');
  });
});
