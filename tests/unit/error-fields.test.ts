import { describe, expect, it } from 'vitest';
import { errorFields } from '../../server/platform/http/error-fields';

class DatabaseError extends Error {
  code = '22021';
  detail = 'Key (email)=(ada@example.com) is invalid';
}
class DrizzleQueryError extends Error {}

describe('errorFields', () => {
  it('names the class chain, the SQLSTATE and where it was thrown, and never the message or its causes’ details', () => {
    const cause = new DatabaseError('invalid byte sequence for encoding "UTF8": 0x00');
    const error = new DrizzleQueryError('Failed query: insert into requests (name, email) values ($1, $2)\nparams: Ada Obi,ada@example.com', { cause });
    const fields = errorFields(error);
    expect(fields).toEqual({ errorClass: 'DrizzleQueryError<DatabaseError', code: '22021', at: expect.stringMatching(/^tests\/unit\/error-fields\.test\.ts:\d+:\d+$/) });
    expect(JSON.stringify(fields)).not.toMatch(/Ada|ada@|params|0x00/);
  });

  it('takes a code only when it looks like one, and copes with things that are not errors', () => {
    expect(errorFields(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatchObject({ errorClass: 'Error', code: 'ECONNREFUSED' });
    expect(errorFields(Object.assign(new Error('x'), { code: 'ada@example.com is not allowed here' }))).not.toHaveProperty('code');
    expect(errorFields('ada@example.com')).toEqual({ errorClass: 'string' });
    expect(errorFields(null)).toEqual({ errorClass: 'null' });
    expect(errorFields({ message: 'ada@example.com' })).toEqual({ errorClass: 'Object' });
  });
});
