import { expect } from '@open-wc/testing';
import {
  ApiError,
  errorMessage,
  errorMessageFromResponse,
  GENERIC_ERROR_MESSAGE,
  logApiError,
  REQUEST_TOO_LARGE_MESSAGE,
  shouldLog,
  UNPARSEABLE_BODY_MESSAGE,
} from './errors';
import { captureConsole } from '../testing/console';

const json = 'application/json; charset=utf-8';

function withConsole(fn: (calls: { warn: unknown[][]; error: unknown[][] }) => void) {
  const warn = captureConsole('warn');
  const error = captureConsole('error');
  try {
    fn({ warn: warn.calls, error: error.calls });
  } finally {
    warn.restore();
    error.restore();
  }
}

describe('error mapping (001 §8)', () => {
  it('[API-011] joins the entries of an errors array with ", "', () => {
    const message = errorMessageFromResponse({
      status: 400,
      statusText: 'Bad Request',
      contentType: json,
      bodyText: JSON.stringify({ errors: ['a is required', 'b is too long', { message: 'c' }] }),
    });
    expect(message).to.equal('a is required, b is too long, c');
  });

  it('[API-012] any other body gives "Error {status} - {statusText}"', () => {
    const parts = { status: 404, statusText: 'Not Found', contentType: json };
    expect(errorMessageFromResponse({ ...parts, bodyText: '{"message":"x"}' })).to.equal(
      'Error 404 - Not Found',
    );
    expect(errorMessageFromResponse({ ...parts, bodyText: '{"errors":[]}' })).to.equal(
      'Error 404 - Not Found',
    );
    expect(errorMessageFromResponse({ ...parts, bodyText: '' })).to.equal('Error 404 - Not Found');
    expect(errorMessageFromResponse({ ...parts, contentType: 'text/html', bodyText: '<h1>x</h1>' })).to.equal(
      'Error 404 - Not Found',
    );
  });

  it('[API-013] a JSON body that cannot be parsed gives the difficulties message', () => {
    const message = errorMessageFromResponse({
      status: 500,
      statusText: 'Internal Server Error',
      contentType: json,
      bodyText: '{bad json',
    });
    expect(message).to.equal("We're facing some difficulties, Please try again");
    expect(UNPARSEABLE_BODY_MESSAGE).to.equal(message);
    expect(
      errorMessageFromResponse({ status: 502, statusText: '', contentType: null, bodyText: null }),
    ).to.equal(message);
  });

  it('[API-014] 413 gives "Error request is too large" whatever the body', () => {
    for (const bodyText of ['', '{"errors":["too big"]}', 'nginx']) {
      const message = errorMessageFromResponse({
        status: 413,
        statusText: 'Payload Too Large',
        contentType: json,
        bodyText,
      });
      expect(message).to.equal('Error request is too large');
    }
    expect(REQUEST_TOO_LARGE_MESSAGE).to.equal('Error request is too large');
  });

  it('[API-016] an error with a status shows its own message, others the generic message', () => {
    const withStatus = new ApiError('Email is required', 400);
    expect(withStatus.status).to.equal(400);
    expect(withStatus).to.be.instanceOf(Error);
    expect(errorMessage(withStatus)).to.equal('Email is required');
    expect(errorMessage(new ApiError('socket hang up'))).to.equal(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'))).to.equal(GENERIC_ERROR_MESSAGE);
    expect(errorMessage('boom')).to.equal(GENERIC_ERROR_MESSAGE);
    expect(GENERIC_ERROR_MESSAGE).to.equal("We're facing some difficulties, Please try again");
  });

  it('[API-017] logs 4xx on console.warn when warn is allowed and 5xx on console.error at warn or error', () => {
    expect(
      ['debug', 'info', 'warn', 'error', 'none'].map((l) => shouldLog(l as never, 'warn')),
    ).to.deep.equal([true, true, true, false, false]);
    withConsole((calls) => {
      logApiError(new ApiError('nope', 403), 'warn');
      logApiError(new ApiError('nope', 403), 'debug');
      logApiError(new ApiError('nope', 403), 'error');
      logApiError(new ApiError('nope', 403), 'none');
      expect(calls.warn).to.have.length(2);
      expect(calls.error).to.have.length(0);
    });
    withConsole((calls) => {
      logApiError(new ApiError('down', 500), 'warn');
      logApiError(new ApiError('down', 500), 'error');
      logApiError(new ApiError('down', 500), 'none');
      logApiError(new ApiError('no status'), 'debug');
      expect(calls.error).to.have.length(2);
      expect(calls.warn).to.have.length(0);
    });
  });
});
