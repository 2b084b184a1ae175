import { useOperator } from '../api/get-operator';
import { OperatorAddressLines } from './operator-address-lines';

/** The address of the operator as the server records it (the built-in record until it answers). */
export default function OperatorAddress() {
  return <OperatorAddressLines operator={useOperator()} />;
}
