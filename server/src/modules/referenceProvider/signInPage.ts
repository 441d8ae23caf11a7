/** The reference provider's own pages: plain HTML, no script and no inline style (the server's CSP allows neither). */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface AuthorisationRequest {
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
  scope?: string;
}

export function signInPage(action: string, request: AuthorisationRequest, problem?: string): string {
  const hidden = Object.entries(request)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(String(value))}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>OmniaConnect sign in</title></head>
  <body>
    <main>
      <h1>OmniaConnect</h1>
      <p>Headland asks to read your organisations and machines.</p>
      ${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
      <form method="post" action="${escape(action)}">
      ${hidden}
        <p><label for="username">User name</label> <input id="username" name="username" autocomplete="username" required maxlength="200"></p>
        <p><label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="500"></p>
        <p><button type="submit">Allow</button></p>
      </form>
    </main>
  </body>
</html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>OmniaConnect</title></head>
  <body><main><h1>OmniaConnect</h1><p role="alert">${escape(message)}</p></main></body>
</html>`;
}
