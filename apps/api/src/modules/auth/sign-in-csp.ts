import type { Settings } from '../../config/settings';

const origin = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy additions the Google and Facebook buttons need,
 * only for the providers that are configured; with neither configured the
 * policy stays 'self' only.
 */
export function signInCspSources(settings: Settings) {
  const script: string[] = [];
  const connect: string[] = [];
  const frame: string[] = [];
  const style: string[] = [];
  if (settings.GOOGLE_CLIENT_ID) {
    const google = origin(settings.GOOGLE_SCRIPT_URL);
    // Google Identity Services: its script, its button (an iframe), its styles and its calls.
    script.push(google);
    connect.push(google);
    frame.push(google);
    style.push(google);
  }
  if (settings.FACEBOOK_APP_ID && settings.FACEBOOK_APP_SECRET) {
    const sdk = origin(settings.FACEBOOK_SDK_URL);
    const graph = origin(settings.FACEBOOK_GRAPH_URL);
    script.push(sdk, graph);
    connect.push(sdk, graph);
    // The login dialog and the SDK's helper frames.
    frame.push(sdk, 'https://www.facebook.com', 'https://web.facebook.com');
  }
  const unique = (list: string[]) => [...new Set(list)];
  return {
    extraScriptSrc: unique(script),
    extraConnectSrc: unique(connect),
    extraFrameSrc: unique(frame),
    extraStyleSrc: unique(style),
  };
}
