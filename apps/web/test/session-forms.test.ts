import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@b-deals/core';
import { collectErrors, currentPasswordProblem, emailProblem, errorsFromApi, nameProblem, newPasswordProblem, safeRedirect } from '../app/lib/auth-forms.ts';

describe('account form checks', () => {
  it('requires an e-mail address in a valid format', () => {
    expect(emailProblem('  ')).toBe('Enter your e-mail address.');
    expect(emailProblem('ada@example')).toBe('Enter a valid e-mail address.');
    expect(emailProblem('ada example.com')).toBe('Enter a valid e-mail address.');
    expect(emailProblem(' ada@example.com ')).toBeNull();
  });

  it('asks new passwords for PASSWORD_MIN_LENGTH characters, counted as code points', () => {
    expect(newPasswordProblem('')).toBe('Enter a password.');
    expect(newPasswordProblem('x'.repeat(PASSWORD_MIN_LENGTH - 1))).toMatch(/at least/);
    expect(newPasswordProblem('😀'.repeat(PASSWORD_MIN_LENGTH))).toBeNull();
    // Sign-in only needs a password to be there: old accounts may predate the rule.
    expect(currentPasswordProblem('short')).toBeNull();
    expect(currentPasswordProblem('')).toBe('Enter your password.');
  });

  it('requires names and caps them at 60 characters', () => {
    expect(nameProblem(' ', 'first name')).toBe('Enter your first name.');
    expect(nameProblem('a'.repeat(61), 'last name')).toBe('Use at most 60 characters.');
    expect(collectErrors({ firstName: null, email: 'Enter your e-mail address.' })).toEqual({ fields: { email: 'Enter your e-mail address.' } });
    expect(collectErrors({ firstName: null })).toBeNull();
  });
});

describe('errorsFromApi', () => {
  it('puts detail messages next to the fields their JSON pointer names, the rest in the summary', () => {
    const body = {
      code: 'validation_failed',
      message: 'Invalid body: /password too short',
      details: [
        { path: '/password', message: 'Use at least 8 characters.' },
        { path: '/password', message: 'second message for the same field' },
        { path: '/captcha', message: 'Solve the puzzle.' },
      ],
    };
    expect(errorsFromApi(body, ['email', 'password'], 'fallback')).toEqual({
      fields: { password: 'Use at least 8 characters.' },
      form: 'Solve the puzzle.',
    });
  });

  it('uses the body message, or the fallback when there is none', () => {
    expect(errorsFromApi({ code: 'rate_limited', message: 'Too many requests' }, ['email'], 'x')).toEqual({ fields: {}, form: 'Too many requests' });
    expect(errorsFromApi(null, ['email'], 'Try again.')).toEqual({ fields: {}, form: 'Try again.' });
  });
});

describe('safeRedirect (after sign-in)', () => {
  it('keeps internal paths with their query', () => {
    expect(safeRedirect('/prod/red-dress?id=4')).toBe('/prod/red-dress?id=4');
  });

  it('refuses other hosts, schemes, protocol-relative and backslash tricks, and /login itself', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login/register?x=1',
      '/ok\n',
      '',
      null,
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
