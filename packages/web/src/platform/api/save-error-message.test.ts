import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './errors';
import { saveErrorMessage } from './save-error-message';

describe('saveErrorMessage', () => {
  const fallback = 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.';

  it('shows the field messages of a validation error, each once', () => {
    const error = new ApiError('validationError', 'Die Eingaben sind ungültig.', 400, {
      'data.nn': ['Der Benutzername ist bereits vergeben.'],
      'data.gruppen': ['Bitte mindestens eine Gruppe wählen.', 'Der Benutzername ist bereits vergeben.'],
    });
    expect(saveErrorMessage(error, fallback)).toBe(
      'Der Benutzername ist bereits vergeben.\nBitte mindestens eine Gruppe wählen.',
    );
  });

  it('shows the message of other answered errors and the fallback without an answer', () => {
    expect(saveErrorMessage(new ApiError('noRight', 'Zugriff verweigert', 403), fallback)).toBe('Zugriff verweigert');
    expect(saveErrorMessage(new ApiError('error', '', 500), fallback)).toBe(fallback);
    expect(saveErrorMessage(new NetworkError(), fallback)).toBe(fallback);
    expect(saveErrorMessage(new Error('x'), fallback)).toBe(fallback);
  });
});
