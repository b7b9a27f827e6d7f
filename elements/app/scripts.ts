// The app's element scripts: the page's load sequence (SHELL-009) loads the login box and, unless `lazy`, the
// admin portal. Given from here, the one place that imports elements, so no import runs from shared/ up.
import { provideElementScripts } from '../../shared/options/start';

provideElementScripts({
  importLoginBox: () => import('../login-box/index'),
  importAdminPortal: () => import('../admin-portal/index'),
});
