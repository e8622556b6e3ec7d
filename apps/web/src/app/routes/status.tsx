import { PickupBoardScreen } from '../../features/pickup-screen/components/pickup-board';
import { LanguageSwitch } from '../language-switch';

/** /status: the pick-up screen, full screen, without the shop's bar (docs/shop-rules.md#the-pick-up-screen). */
export function StatusPage() {
  return <PickupBoardScreen controls={<LanguageSwitch className="bg-espresso/80 text-crema" />} />;
}
