import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { readStorage, storageKeys, writeStorage } from '../session/storage';

/**
 * The few properties that current browsers still want with a `-webkit-` prefix among those MUI writes:
 * Safari's `user-select` and `backdrop-filter`, Chromium's and Safari's `text-size-adjust`. (MUI writes
 * `-webkit-tap-highlight-color`, `-webkit-appearance` and the like itself.)
 */
const webkitPrefixed = ['user-select:', 'backdrop-filter:', 'text-size-adjust:'];

/**
 * Adds the `-webkit-` declaration in front of those properties; everything else passes unchanged.
 * Emotion's default, stylis' full `prefixer`, examines every declaration of every style MUI inserts and
 * was most of the time of inserting a page's styles (e.g. 36 of 46 ms of a page's commit on a 4×-slowed
 * CPU; issue 21).
 */
export const webkitPrefixer: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return) return;
  const declaration = element.value;
  if (webkitPrefixed.some((property) => declaration.startsWith(property))) {
    element.return = `-webkit-${declaration}${declaration}`;
  }
};

const cacheKey = 'css';

/**
 * The build the stored styles belong to: the URL of this file's chunk changes with its content (the
 * plugins above, emotion itself). Styles of another build are not used.
 */
const styleBuild = `1 ${import.meta.url}`;

/** A store that would grow beyond this many characters of CSS is emptied; the next visit records afresh. */
export const maxStoredCss = 300_000;

interface StoredStyles {
  /** Emotion's names of the styles (the class name without the `css-` prefix), in insertion order. */
  names: string[];
  css: string;
}

/** Parses the stored text: the build, the names (space-separated) and the CSS, one line each. */
export function parseStoredStyles(text: string | null, build: string): StoredStyles | null {
  if (!text) return null;
  const firstBreak = text.indexOf('\n');
  const secondBreak = text.indexOf('\n', firstBreak + 1);
  if (firstBreak < 0 || secondBreak < 0 || text.slice(0, firstBreak) !== build) return null;
  const names = text
    .slice(firstBreak + 1, secondBreak)
    .split(' ')
    .filter(Boolean);
  return names.length > 0 ? { names, css: text.slice(secondBreak + 1) } : null;
}

export function formatStoredStyles(styles: StoredStyles, build: string): string {
  return `${build}\n${styles.names.join(' ')}\n${styles.css}`;
}

/**
 * Puts the styles of the device's last visit into the page as emotion's server-rendered styles are:
 * one `<style data-emotion="css name …">`, which the new cache adopts (it marks those names inserted).
 * The page's first renders then skip compiling and inserting them one rule at a time, the larger part of
 * a page's first commit on a phone (issue 21); the browser parses the whole sheet at once instead.
 */
function restoreStyles(stored: StoredStyles) {
  const style = document.createElement('style');
  style.setAttribute('data-emotion', `${cacheKey} ${stored.names.join(' ')}`);
  style.textContent = stored.css;
  document.head.appendChild(style);
}

/**
 * Records the styles the cache inserts (not the global ones, which have their own sheet) and stores them
 * with the restored ones when the page is hidden or left, for the next visit.
 */
function recordStyles(cache: EmotionCache, restored: StoredStyles | null, build: string) {
  const stored: StoredStyles = { names: restored?.names ?? [], css: restored?.css ?? '' };
  const newNames: string[] = [];
  const newRules: string[] = [];
  let newLength = 0;
  let recording = false;
  const sheet = cache.sheet;
  const insertRule = sheet.insert.bind(sheet);
  sheet.insert = (rule: string) => {
    if (recording) {
      newRules.push(rule);
      newLength += rule.length;
    }
    insertRule(rule);
  };
  const insert = cache.insert;
  cache.insert = (selector, serialized, target, shouldCache) => {
    recording = shouldCache && target === sheet;
    try {
      return insert(selector, serialized, target, shouldCache);
    } finally {
      if (recording) newNames.push(serialized.name);
      recording = false;
    }
  };
  let full = false;
  const save = () => {
    if (newNames.length === 0 || full) return;
    if (stored.css.length + newLength > maxStoredCss) {
      // Styles of past themes and pages pile up: the store starts afresh with the next visit's styles.
      full = true;
      writeStorage(storageKeys.styleCache, '');
      return;
    }
    stored.names = [...stored.names, ...newNames.splice(0)];
    stored.css += newRules.splice(0).join('');
    newLength = 0;
    writeStorage(storageKeys.styleCache, formatStoredStyles(stored, build));
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  window.addEventListener('pagehide', save);
}

/**
 * The app's emotion cache (class prefix `css`, as emotion's default), with the small prefixer above,
 * started with the styles the device stored on its last visit and storing the new ones.
 */
export function createEmotionCache(build = styleBuild) {
  const restored = parseStoredStyles(readStorage(storageKeys.styleCache), build);
  if (restored) restoreStyles(restored);
  const cache = createCache({ key: cacheKey, stylisPlugins: [webkitPrefixer] });
  recordStyles(cache, restored, build);
  return cache;
}
