// The one reading of a typed mobile number (src/contract/index.ts normaliseMobileNo and MobileNo),
// shared by every number field of the site and by the API: what people type becomes the 9
// significant digits, and anything else is refused with 'Invalid mobile no', never cut.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { FeedbackRequest, MobileNo, normaliseMobileNo, SignInRequest } from '../../src/contract/index.ts';

const parse = (typed: string) => {
  const parsed = v.safeParse(MobileNo, typed);
  return parsed.success ? parsed.output : parsed.issues[0].message;
};

describe('normaliseMobileNo', () => {
  it('reads the forms people write a Sri Lankan mobile number in as its 9 digits', () => {
    for (const typed of [
      '771234567',
      '0771234567',
      '077 123 4567',
      '077-123-4567',
      '(077) 123 4567',
      '077.123.4567',
      ' 0771234567 ',
      '077\u00a0123\u00a04567',
      '+94771234567',
      '+94 77 123 4567',
      '+94 (0)77 123 4567',
      '+940771234567',
      '0094 77 123 4567',
      '0094771234567',
      '94771234567',
      '94 77 123 4567',
    ]) {
      expect(normaliseMobileNo(typed), typed).toBe('771234567');
    }
  });

  it('leaves anything else as it is, separators aside, for the schema to refuse', () => {
    expect(normaliseMobileNo('077123456')).toBe('077123456'); // the leading 0 stays: a digit is missing
    expect(normaliseMobileNo('77123')).toBe('77123');
    expect(normaliseMobileNo('+44 7712 345678')).toBe('+447712345678');
    expect(normaliseMobileNo('94 123 456')).toBe('94123456'); // too short for a country code
    expect(normaliseMobileNo('77a123b4567')).toBe('77a123b4567');
  });
});

describe('MobileNo, the contract schema of every mobileNo the API takes', () => {
  it('answers the 9 digits', () => {
    expect(parse('+94 77 123 4567')).toBe('771234567');
    expect(v.parse(SignInRequest, { mobileNo: '077 123 4567', password: 'x' }).mobileNo).toBe('771234567');
    expect(
      v.parse(FeedbackRequest, { firstName: 'Kamala', mobileNo: '0771234567', email: 'k@example.lk' }).mobileNo,
    ).toBe('771234567');
  });

  it("refuses with 'Invalid mobile no' what is not a mobile number, a number with a digit missing, and overlong text", () => {
    for (const wrong of [
      '',
      '77123',
      '077123456',
      '7712345678',
      '07712345678',
      '+94 77 123 456',
      '+44 7712 345678',
      'abcdefghi',
      '77 123 4567 ext 2',
      `77${' '.repeat(40)}1234567`,
    ]) {
      expect(parse(wrong), JSON.stringify(wrong)).toBe(ERROR_CODES.invalid_mobile_no);
    }
  });
});
