// Contract script of the security center (SECCENTER-001..010): the score and recommendations, the insights, the
// bulk reset of breached passwords (no body) and the posture report (a PDF, read as a string), and the report's
// refusals. Both sides answer from their own state (the server's demo tenant, the preview's sample data).
import { securityCenterContracts as sc } from '../../../shared/api/contracts/securityCenter';
import type { Script } from '../contract';

export const securityCenterScript: Script = {
  family: 'securityCenter',
  steps: [
    { name: 'the score and the recommendations', call: sc.getRecommendations },
    { name: 'the insights', call: sc.getInsights },
    {
      name: 'reset mails to users with breached passwords, no body',
      call: sc.sendResetBreachedPasswordEmails,
    },
    {
      name: 'the posture report as a PDF',
      call: sc.downloadReport,
      query: { templateId: 'security-posture', responseType: 'pdf' },
    },
    {
      name: 'another template is refused',
      call: sc.downloadReport,
      query: { templateId: 'nope', responseType: 'pdf' },
      expect: 400,
    },
    {
      name: 'another format is refused',
      call: sc.downloadReport,
      query: { templateId: 'security-posture', responseType: 'html' },
      expect: 400,
    },
  ],
};
