import { describe, expect, it } from 'vitest';
import { needsTwoFactorCode, recoveryCodeSchema, secretOfOtpauthUri, totpCodeSchema } from './two-factor.ts';

describe('two-factor input', () => {
  it('takes a 6-digit code as the app shows it, and nothing else', () => {
    expect(totpCodeSchema.parse('123456')).toBe('123456');
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(totpCodeSchema.parse('123-456')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456', '１２３４５６', '', '123456\u0000', 'x'.repeat(30)]) {
      expect(totpCodeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes a recovery code with or without its dash, keeping its letter case', () => {
    expect(recoveryCodeSchema.parse('AbCde-12345')).toBe('AbCde-12345');
    expect(recoveryCodeSchema.parse(' AbCde12345 ')).toBe('AbCde-12345');
    for (const bad of ['abcde-1234', 'abcde_12345', 'abcde-12345-', '<script>', '']) {
      expect(recoveryCodeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('reads the key of an otpauth URI and recognises the sign-in answer that wants a code', () => {
    expect(secretOfOtpauthUri('otpauth://totp/Lunara:a%40b.c?secret=ABCD2345&issuer=Lunara')).toBe('ABCD2345');
    expect(secretOfOtpauthUri('not a uri')).toBeNull();
    expect(needsTwoFactorCode({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })).toBe(true);
    expect(needsTwoFactorCode({ token: 'x', user: {} })).toBe(false);
    expect(needsTwoFactorCode(null)).toBe(false);
  });
});
