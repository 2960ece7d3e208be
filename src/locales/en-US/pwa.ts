// The offline-capable app (issue 11): update prompt, offline notice, install.
export default {
  'pwa.update.title': 'A new version is available',
  'pwa.update.description': 'Reload to use it. Save what you are typing first: the page reloads.',
  'pwa.update.reload': 'Reload',
  'pwa.offline.title': 'You are offline',
  'pwa.offline.description':
    'Pages already open stay readable. Changes need the connection, except class confirmations: they are sent when it returns.',
};
