/** 한국어: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const ko: PanelTable = {
  loading: "불러오는 중…",
  ended: "이 요청은 더 이상 응답을 기다리지 않아요.",
  sessionExpired: "세션 만료: 다시 로그인하세요.",
  failed: "문제가 발생했어요. 다시 시도하세요.",
  trust: {
    site: "요청한 곳",
    marker: "내 지갑의 표시",
    noMarker: "이 브라우저에 지갑이 설정되면 여기에 내 지갑의 표시가 나타나요.",
    markerIntro: "이 브라우저에서 내 지갑의 표시는 {sign}이에요. 지갑 패널은 항상 맨 위에 이 표시를 보여 줘요. 표시가 없는 곳에서는 절대 코드를 입력하거나 무엇도 승인하지 마세요."
  },
  guard: {
    steady: "잠시만요. 이 패널이 잠깐 완전히 보인 뒤에 버튼이 작동해요.",
    hidden: "이 패널이 가려져 있거나 보이고 있음을 증명할 수 없어요. 대신 지갑의 자체 창에서 결정하세요.",
    openWindow: "지갑 창 열기",
    windowOpened: "지갑 창에서 계속하세요.",
    windowBlocked: "브라우저가 지갑 창을 차단했어요. 이 사이트의 팝업을 허용한 뒤 다시 시도하세요."
  },
  otp: {
    title: "코드 입력",
    sentTo: "{email}(으)로 보낸 6자리 코드를 입력하세요. 여기, 지갑의 자체 패널에만 입력하세요.",
    sentToCurrent: "현재 이메일 주소로 보낸 6자리 코드를 입력하세요.",
    sentToNew: "이제 {email}(으)로 보낸 6자리 코드를 입력하세요.",
    label: "코드",
    submit: "확인",
    wrong: "코드가 올바르지 않아요. {triesLeft, plural, other {#번}} 더 시도할 수 있어요.",
    expired: "이 코드는 만료되었어요. 새 코드를 요청하세요.",
    locked: "잘못된 코드를 너무 많이 입력했어요. 새 코드를 요청하세요.",
    emailInUse: "이 이메일 주소는 다른 계정에서 사용 중이에요.",
    done: "코드가 확인되었어요."
  },
  approve: {
    titles: {
      personal_sign: "메시지 서명",
      eth_signTypedData_v4: "구조화된 데이터 서명",
      eth_sendTransaction: "트랜잭션 보내기",
      wallet_sendCalls: "호출 보내기",
      solana_signMessage: "메시지 서명",
      solana_signTransaction: "트랜잭션 서명",
      solana_signAllTransactions: "트랜잭션 일괄 서명",
      solana_signAndSendTransaction: "트랜잭션 보내기"
    },
    fallbackTitle: "요청 승인",
    network: "네트워크",
    from: "보내는 주소",
    to: "받는 주소",
    contractCreation: "새 컨트랙트",
    value: "금액",
    data: "데이터",
    message: "메시지",
    typedDataType: "유형",
    domain: "도메인",
    transaction: "트랜잭션 {index}/{count}",
    fee: "네트워크 수수료(최대)",
    approve: "승인",
    reject: "거부",
    approved: "승인됨",
    rejected: "거부됨",
    unknownNetwork: "알 수 없는 네트워크({chainId})",
    truncated: "이 요청은 지갑이 보여 줄 수 있는 것보다 길어요. 일부가 여기서 잘렸어요.",
    unreadable: "지갑이 이 호출이 무엇을 하는지 알 수 없어요. 사이트를 신뢰하고 무엇을 요청하는지 알 때만 승인하세요."
  },
  intent: {
    action: "동작",
    transfer: "토큰 보내기",
    approve: "토큰 사용 허용",
    nftApprove: "수집품 1개의 전송 허용",
    nftTransfer: "수집품 보내기",
    approvalForAll: "컬렉션 전체의 전송 허용",
    revokeAll: "컬렉션 전체에 대한 허용 철회",
    permit: "토큰 사용을 허용하는 서명(Permit)",
    permit2: "토큰 사용을 허용하는 서명(Permit2)",
    solTransfer: "SOL 보내기",
    program: "프로그램 호출",
    token: "토큰",
    amount: "금액",
    sender: "보내는 주소",
    recipient: "받는 주소",
    spender: "사용 권한자",
    operator: "운영자",
    items: "항목",
    until: "유효 기한",
    authority: "서명자",
    writable: "변경될 수 있는 계정",
    unlimited: "무제한: 사용 권한자가 지금과 나중에 내가 가진 이 토큰을 모두 가져갈 수 있어요.",
    wholeCollection: "운영자가 지금과 나중에 내가 가진 이 컬렉션의 모든 항목을 가져갈 수 있어요.",
    changes: "지갑에서 바뀌는 것",
    noChanges: "지갑에서 바뀌는 것이 없어요.",
    simulationUnavailable: "이 네트워크는 요청을 시뮬레이션할 수 없어 효과를 확인하지 못했어요. 위에서 무엇을 하는지 읽어 보세요.",
    simulationReverted: "시뮬레이션에 실패했어요. 이 요청은 실패할 가능성이 높아요. {reason}"
  },
  setup: {
    title: "지갑 보호하기",
    intro: "이 브라우저가 지갑을 잊어도 패스키나 복구 코드로 되찾을 수 있어요.",
    passkey: "패스키 만들기",
    useCode: "대신 복구 코드 사용",
    codeIntro: "이 복구 코드를 적어서 안전한 곳에 보관하세요. 한 번만 표시돼요.",
    saved: "복구 코드를 보관했어요",
    finish: "내 지갑 만들기",
    passkeyUnavailable: "이 패스키로는 지갑을 보호할 수 없어요. 대신 복구 코드를 사용하세요.",
    passkeyCancelled: "패스키가 만들어지지 않았어요. 다시 시도하거나 복구 코드를 사용하세요.",
    done: "지갑이 준비되었어요."
  },
  recover: {
    title: "지갑 복구하기",
    introPasskey: "이 브라우저는 아직 내 지갑을 몰라요. 패스키로 여세요.",
    introCode: "이 브라우저는 아직 내 지갑을 몰라요. 복구 코드를 입력해 여세요.",
    passkey: "내 패스키 사용",
    codeLabel: "복구 코드",
    submit: "복구",
    invalidCode: "복구 코드가 아니에요. 오타가 없는지 확인하세요.",
    wrongFactor: "이 코드로는 지갑을 열 수 없어요.",
    passkeyCancelled: "패스키를 사용하지 않았어요. 다시 시도하세요.",
    done: "지갑이 열렸어요."
  },
  export: {
    title: "키 내보내기",
    warning: "이 정보를 본 사람은 누구든 지갑의 모든 자산을 가져갈 수 있어요. 절대 공유하지 말고, 아무도 보지 않는 곳에서만 표시하세요.",
    show: "내 키 보기",
    cancel: "취소",
    phrase: "복구 구문",
    evmKey: "EVM 개인 키",
    solanaKey: "Solana 개인 키",
    copy: "복사",
    copied: "복사됨",
    copyFailed: "여기서는 복사할 수 없어요. 대신 텍스트를 선택하세요.",
    done: "완료"
  }
}

export default ko
