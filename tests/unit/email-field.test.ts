import { describe, expect, it } from 'vitest';
import { emailProblem } from '../../shared/accounts/email-field';

// The e-mail check the login and register forms share (one message for each problem).
describe('emailProblem', () => {
  it.each([['name@example.com'], ['  name@example.com  '], ['a.b+c@clinic.example.ng']])('accepts %j', (value) => {
    expect(emailProblem(value)).toBeUndefined();
  });

  it.each([[''], ['   ']])('asks for an address when the field is empty (%j)', (value) => {
    expect(emailProblem(value)).toBe('Enter your e-mail address.');
  });

  it.each([['name'], ['name@'], ['name@example'], ['na me@example.com'], ['@example.com']])('shows the expected form for %j', (value) => {
    expect(emailProblem(value)).toBe('Enter an e-mail address like name@example.com.');
  });
});
