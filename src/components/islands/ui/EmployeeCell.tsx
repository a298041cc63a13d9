/** A list cell naming an employee, with their department beneath in small muted text. */
export function EmployeeCell({ name, department }: { name: string; department: string }) {
  return (
    <div className="min-w-40">
      <div className="font-medium">{name}</div>
      <div className="text-xs text-muted">{department}</div>
    </div>
  );
}
