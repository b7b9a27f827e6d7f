// Test-only HTTP endpoints served by the web-test-runner dev server under /test-api/ (real HTTP for API tests).
export function testApiMiddleware(ctx, next) {
  return next();
}
