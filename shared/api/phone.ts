import { api, type ApiClient } from './client';
import type { AnswerOf } from './contracts/contract';
import type { phoneContracts as c } from './contracts/phone';
import { paths } from './paths';

/** A phone number of the user (PHONE-005: id and phoneNumber). */
export type UserPhoneNumber = AnswerOf<typeof c.verifyPhoneNumber>;

export type PhoneNumberPage = AnswerOf<typeof c.getUserPhoneNumbers>;

/** The user phone-number calls (PHONE-005..011) and the reset-phone calls (PHONE-001..004). */
export function createPhoneApi(client: Pick<ApiClient, 'request'>) {
  return {
    /** GET the caller's numbers; limit 10 and offset 0 by default (PHONE-006). */
    list({ limit = 10, offset = 0 }: { limit?: number; offset?: number } = {}): Promise<PhoneNumberPage> {
      return client.request<PhoneNumberPage>(paths.userPhoneNumbers.getUserPhoneNumbers, {
        query: { limit, offset },
      });
    },
    /** POST add (PHONE-007). */
    add(phoneNumber: string): Promise<AnswerOf<typeof c.createPhoneNumber>> {
      return client.request<AnswerOf<typeof c.createPhoneNumber>>(paths.userPhoneNumbers.createPhoneNumber, {
        body: { phoneNumber },
      });
    },
    /** POST preverify: texts a code; answers the otcToken (PHONE-009). */
    preVerify(phoneNumber: string): Promise<AnswerOf<typeof c.preVerifyPhoneNumber>> {
      return client.request(paths.userPhoneNumbers.preVerifyPhoneNumber, { body: { phoneNumber } });
    },
    /** POST verify with the texted code (PHONE-010). */
    verify(otcToken: string, code: string): Promise<UserPhoneNumber> {
      return client.request<UserPhoneNumber>(paths.userPhoneNumbers.verifyPhoneNumber, {
        body: { otcToken, code },
      });
    },
    /** DELETE {id} (PHONE-008): done at once for an unverified number, else a code is texted (otcToken). */
    remove(phoneId: string): Promise<AnswerOf<typeof c.deletePhoneNumber>> {
      return client.request(paths.userPhoneNumbers.deletePhoneNumber, { params: { phoneId } });
    },
    /** POST {id}/delete/verify with the texted code (PHONE-011). */
    verifyDelete(
      phoneId: string,
      otcToken: string,
      code: string,
    ): Promise<AnswerOf<typeof c.verifyDeletePhoneNumber>> {
      return client.request(paths.userPhoneNumbers.verifyDeletePhoneNumber, {
        params: { phoneId },
        body: { otcToken, code },
      });
    },
    /** ResetPhoneNumber: answers the reset token; a code is mailed (PHONE-002). */
    resetPhoneNumber(email: string): Promise<AnswerOf<typeof c.resetPhoneNumber>> {
      return client.request(paths.auth.resetPhoneNumber, { body: { email } });
    },
    /** VerifyResetPhoneNumber: the mailed code → the change token (PHONE-003). */
    verifyResetPhoneNumber(
      resetPhoneNumberToken: string,
      code: string,
    ): Promise<AnswerOf<typeof c.verifyResetPhoneNumber>> {
      return client.request(paths.auth.verifyResetPhoneNumber, { body: { resetPhoneNumberToken, code } });
    },
    /** ChangePhoneNumber: the new number; the server texts it an SMS sign-in code (PHONE-004). */
    changePhoneNumber(
      changePhoneNumberToken: string,
      phoneNumber: string,
    ): Promise<AnswerOf<typeof c.changePhoneNumber>> {
      return client.request(paths.auth.changePhoneNumber, { body: { changePhoneNumberToken, phoneNumber } });
    },
  };
}

export const phoneApi = createPhoneApi(api);
