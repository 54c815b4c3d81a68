import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { API_VERSION, changePasswordReply, pushSubscription } from './api';
import { platformCalls } from './platform-calls';
import { loginReply } from './login-route';
import { fieldErrors } from './schema';

const loginRequest = platformCalls.login.request;
const changePasswordRequest = platformCalls.changePW.request;
const saveLastViewRequest = platformCalls.saveLastView.request;
const downloadRequest = platformCalls.download.request;

function errorsOf(result: { success: boolean; error?: z.ZodError }) {
  expect(result.success).toBe(false);
  return fieldErrors(result.error as z.ZodError);
}

describe('loginRequest', () => {
  it('accepts name and password and fills the defaults', () => {
    expect(loginRequest.parse({ nn: '  max.mustermann ', pw: 'geheim' })).toEqual({
      code: '',
      nn: 'max.mustermann',
      pw: 'geheim',
      otp: '',
      neuPW: '',
      subscription: '',
    });
  });

  it('rejects a missing or blank nn with "Bitte angeben."', () => {
    expect(errorsOf(loginRequest.safeParse({ pw: 'geheim' }))).toEqual({ nn: ['Bitte angeben.'] });
    expect(errorsOf(loginRequest.safeParse({ nn: '', pw: 'geheim' }))).toEqual({ nn: ['Bitte angeben.'] });
    expect(errorsOf(loginRequest.safeParse({ nn: '   ', pw: 'geheim' }))).toEqual({ nn: ['Bitte angeben.'] });
  });

  it('rejects a missing or empty password with "Bitte angeben."', () => {
    expect(errorsOf(loginRequest.safeParse({ nn: 'max' }))).toEqual({ pw: ['Bitte angeben.'] });
    expect(errorsOf(loginRequest.safeParse({ nn: 'max', pw: '' }))).toEqual({ pw: ['Bitte angeben.'] });
  });

  it('rejects overly long input', () => {
    expect(errorsOf(loginRequest.safeParse({ nn: 'a'.repeat(201), pw: 'x' }))).toEqual({
      nn: ['Maximal 200 Zeichen sind erlaubt'],
    });
    expect(errorsOf(loginRequest.safeParse({ nn: 'a', pw: 'x'.repeat(1001) }))).toEqual({
      pw: ['Maximal 1000 Zeichen sind erlaubt'],
    });
    expect(loginRequest.safeParse({ nn: 'a', pw: 'x', code: 'c'.repeat(201) }).success).toBe(false);
  });
});

describe('loginReply', () => {
  it('accepts the three statuses', () => {
    expect(loginReply.parse({ status: 'success', code: 'abc' })).toEqual({ status: 'success', code: 'abc' });
    expect(loginReply.parse({ status: 'invalid' })).toEqual({ status: 'invalid' });
    expect(loginReply.parse({ status: 'errorCountMax' })).toEqual({ status: 'errorCountMax' });
    expect(loginReply.safeParse({ status: 'success' }).success).toBe(false);
    expect(loginReply.safeParse({ status: 'noRight' }).success).toBe(false);
  });
});

describe('changePasswordRequest', () => {
  it('accepts a new password of 8 characters', () => {
    expect(changePasswordRequest.parse({ data: 'k7#Lp2xQ', pwAlt: 'alt' })).toEqual({
      code: '',
      data: 'k7#Lp2xQ',
      pwAlt: 'alt',
    });
  });

  it('rejects a 7-character new password with "Mindestens 8 Zeichen angeben"', () => {
    expect(errorsOf(changePasswordRequest.safeParse({ data: '1234567', pwAlt: 'alt' }))).toEqual({
      data: ['Mindestens 8 Zeichen angeben'],
    });
  });

  it('rejects missing values and control characters with the shared messages', () => {
    expect(errorsOf(changePasswordRequest.safeParse({}))).toEqual({
      data: ['Bitte angeben.'],
      pwAlt: ['Bitte angeben.'],
    });
    expect(errorsOf(changePasswordRequest.safeParse({ data: '   ', pwAlt: 'alt' }))).toEqual({
      data: ['Bitte angeben.'],
    });
    expect(errorsOf(changePasswordRequest.safeParse({ data: 'langes\u0000passwort', pwAlt: 'a\nb' }))).toEqual({
      data: ['Enthält unerlaubte Zeichen'],
      pwAlt: ['Enthält unerlaubte Zeichen'],
    });
  });

  it('property: accepts every printable password of at least 8 characters', () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      minLength: 8,
      maxLength: 40,
    });
    fc.assert(
      fc.property(printable, (password) => changePasswordRequest.safeParse({ data: password, pwAlt: 'x' }).success),
    );
  });

  it('changePasswordReply knows success and errorOldPW', () => {
    expect(changePasswordReply.parse({ status: 'errorOldPW' })).toEqual({ status: 'errorOldPW' });
    expect(changePasswordReply.parse({ status: 'success' })).toEqual({ status: 'success' });
    expect(changePasswordReply.safeParse({ status: 'invalid' }).success).toBe(false);
  });
});

describe('saveLastViewRequest', () => {
  it('accepts app routes with query "lastView"', () => {
    for (const data of ['/999-100', '/999', '/', '/010-010?x=1&y=2', '/a/b.c_d%20']) {
      expect(saveLastViewRequest.parse({ query: 'lastView', data })).toEqual({ code: '', query: 'lastView', data });
    }
  });

  it('rejects values that are no app route', () => {
    for (const data of ['javascript:alert(1)', 'https://evil.example/', '/<script>', '', '999', '/a b', '/a"b']) {
      expect(errorsOf(saveLastViewRequest.safeParse({ query: 'lastView', data })), data).toEqual({
        data: ['Ungültige Route.'],
      });
    }
    expect(saveLastViewRequest.safeParse({ query: 'lastView', data: `/${'a'.repeat(300)}` }).success).toBe(false);
  });

  it('requires query "lastView"', () => {
    expect(errorsOf(saveLastViewRequest.safeParse({ query: 'secret', data: '/999' }))).toEqual({
      query: ['Unbekannte Einstellung.'],
    });
    expect(Object.keys(errorsOf(saveLastViewRequest.safeParse({ data: '/999' })))).toEqual(['query']);
    expect(errorsOf(saveLastViewRequest.safeParse({ data: '/999' }, { reportInput: true }))).toEqual({
      query: ['Bitte angeben.'],
    });
    expect(errorsOf(saveLastViewRequest.safeParse({ data: '//evil.example', query: 'lastView' }))).toEqual({
      data: ['Ungültige Route.'],
    });
    expect(Object.keys(errorsOf(saveLastViewRequest.safeParse({ query: 'lastView' })))).toEqual(['data']);
  });

  it('property: never accepts a value that does not start with "/"', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((data) => !data.startsWith('/')),
        (data) => !saveLastViewRequest.safeParse({ query: 'lastView', data }).success,
      ),
    );
  });
});

describe('pushSubscription', () => {
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };

  it('accepts http(s) endpoints with keys', () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:def', 'http://localhost:8080/push']) {
      expect(pushSubscription.parse({ endpoint, expirationTime: null, keys })).toEqual({
        endpoint,
        expirationTime: null,
        keys,
      });
    }
    expect(pushSubscription.parse({ endpoint: 'https://push.example/1', keys }).expirationTime).toBeUndefined();
  });

  it('rejects endpoints that are not http(s) URLs', () => {
    for (const endpoint of [
      'ftp://push.example/1',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/plain,x',
      'nicht-url',
      '',
    ]) {
      expect(errorsOf(pushSubscription.safeParse({ endpoint, keys })), endpoint).toEqual({
        endpoint: ['Ungültige Push-Adresse.'],
      });
    }
  });

  it('requires both keys', () => {
    const endpoint = 'https://push.example/1';
    expect(pushSubscription.safeParse({ endpoint }).success).toBe(false);
    expect(pushSubscription.safeParse({ endpoint, keys: { p256dh: keys.p256dh } }).success).toBe(false);
    expect(pushSubscription.safeParse({ endpoint, keys: { ...keys, auth: '' } }).success).toBe(false);
  });
});

describe('downloadRequest', () => {
  it('requires a file name', () => {
    expect(downloadRequest.parse({ file: 'liste.pdf' })).toEqual({ code: '', file: 'liste.pdf' });
    expect(errorsOf(downloadRequest.safeParse({}))).toEqual({ file: ['Bitte angeben.'] });
    expect(errorsOf(downloadRequest.safeParse({ file: '' }))).toEqual({ file: ['Bitte angeben.'] });
  });
});

describe('API_VERSION', () => {
  it('is a semantic version', () => {
    expect(API_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
