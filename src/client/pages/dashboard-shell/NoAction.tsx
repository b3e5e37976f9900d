// The dash shown in an action cell when the row offers no such action.
export function NoAction() {
  return (
    <span aria-hidden="true" className="text-base-content/50">
      —
    </span>
  );
}
