import { useParams } from 'react-router';
import { PlanEditor } from './PlanEditor.tsx';
import { PlanList } from './PlanList.tsx';
import { NewPlanForm } from './NewPlanForm.tsx';

/** /prescriptions (the plans of the crop year), /prescriptions/new and /prescriptions/edit/:id. */
export function PrescriptionsPage() {
  const { action, id } = useParams();
  if (action === 'new') return <NewPlanForm />;
  const planId = Number(id);
  if (action === 'edit' && Number.isInteger(planId) && planId > 0) return <PlanEditor id={planId} />;
  return <PlanList />;
}
