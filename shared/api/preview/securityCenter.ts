// Security center.
import { paths } from '../paths';
import { on, type PreviewRoute } from './common';

export const securityCenterHandlers: PreviewRoute[] = [
  // Security center
  on(paths.securityCenter.getRecommendations, ({ state }) => ({
    score: state.securityCenter.score,
    scoring: { score: state.securityCenter.score },
    items: state.securityCenter.recommendations,
  })),
  on(paths.securityCenter.getInsights, ({ state }) => ({ items: state.securityCenter.insights })),
];
